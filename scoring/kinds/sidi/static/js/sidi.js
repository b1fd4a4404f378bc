// JassSidi: a Sidi Barrani game counted on the phone, as the Python engine counts it
// (scoring/kinds/sidi, RULES.md §13, game-format.md "Sidi Barrani"), for the offline
// provisional score. Input is the game file's JSON: the ruleset whole, as
// SidiRuleset.to_dict() writes it (no preset is looked up here), and the hands as
// SidiHand.to_dict() writes them (or as a file gives them: double, match, weis and
// stoeck may be left out). play() only counts, like play(check=False); check() says
// what the server would refuse in the next hand. The server judges.
(function (root) {
  "use strict";

  var CARD_POINTS = 157;
  var MATCH_POINTS = 257;
  var STOECK_POINTS = 20;
  var TEAM_CARDS = 18; // two players of nine cards
  var MAX_GAME_HANDS = 1000;
  var SUITS = ["hearts", "diamonds", "clubs", "spades"];
  var MODES = SUITS.concat(["obe-abe", "unde-ufe", "slalom"]);
  var DOUBLES = { none: [1], double: [1, 2], redouble: [1, 2, 4] };
  // RULES.md §2, in the engine's order (scoring/kinds/team/rules/weis.py): a bare number
  // stands for every kind of its value, in this order.
  var KINDS = ["seq3", "seq4", "seq5", "seq6", "seq7", "seq8", "seq9", "four-tens",
    "four-queens", "four-kings", "four-aces", "four-nines", "four-jacks"];
  var SMALL = [20, 50, 100, 100, 100, 100, 100, 100, 100, 100, 100, 150, 200];
  var TABLES = {
    small: SMALL,
    large: [20, 50, 100, 150, 200, 250, 300, 100, 100, 100, 100, 150, 200],
    none: []
  };

  // A JSON integer (problems.is_int). JSON.parse reads 98.0 as 98, which Python keeps
  // as a float and refuses: the one value the phone lets through and the server not.
  function isInt(value) {
    return typeof value === "number" && isFinite(value) && Math.floor(value) === value;
  }

  function isTeam(value) { return value === 0 || value === 1; }

  // A hand's field as read_hand reads it: left out is null, or the given default.
  function get(hand, key, absent) {
    var value = hand[key];
    return value === undefined ? (absent === undefined ? null : absent) : value;
  }

  function table(style) {
    var points = {}, values = TABLES[style], i;
    for (i = 0; i < values.length; i++) points[KINDS[i]] = values[i];
    return points;
  }

  function isFour(kind) { return kind.indexOf("four-") === 0; }
  function cardCount(kind) { return isFour(kind) ? 4 : Number(kind.slice(3)); }

  // The ladder of bids: min_bid up in tens to 150, then 157, and 257 with a match of 257.
  function bids(ruleset) {
    var ladder = [], bid;
    for (bid = ruleset.min_bid; bid <= 150; bid += 10) ladder.push(bid);
    ladder.push(CARD_POINTS);
    if (ruleset.match_value > CARD_POINTS) ladder.push(MATCH_POINTS);
    return ladder;
  }

  function weisPoints(entry, style) {
    return typeof entry === "string" ? table(style)[entry] : entry;
  }

  // Each team's card points as the contract counts them: a match is the match value.
  function cardPoints(ruleset, hand) {
    var match = get(hand, "match");
    if (match === null) return [hand.cards[0], hand.cards[1]];
    return match === 0 ? [ruleset.match_value, 0] : [0, ruleset.match_value];
  }

  function made(ruleset, hand) {
    return cardPoints(ruleset, hand)[hand.team] >= hand.bid;
  }

  // A valid hand's points (RULES.md §13): card points; d × bid to the bidders if made,
  // else to the other team; Weis (none against a match) and Stöck, never multiplied.
  function handPoints(ruleset, hand) {
    var points = cardPoints(ruleset, hand), match = get(hand, "match");
    var weis = get(hand, "weis", [[], []]), stoeck = get(hand, "stoeck"), team, i;
    points[made(ruleset, hand) ? hand.team : 1 - hand.team] += get(hand, "double", 1) * hand.bid;
    for (team = 0; team < 2; team++) {
      if (match === null || match === team) {
        for (i = 0; i < weis[team].length; i++) points[team] += weisPoints(weis[team][i], ruleset.weis);
      }
      if (stoeck === team) points[team] += STOECK_POINTS;
    }
    return points;
  }

  function isOver(ruleset, totals) {
    return Math.max(totals[0], totals[1]) >= ruleset.target && totals[0] !== totals[1];
  }

  // play(ruleset, hands, check=False): each hand's points, running totals and whether
  // its contract was made; the totals; over, winner and rubicon.
  function play(ruleset, hands) {
    var totals = [0, 0], results = [], over = false, i, points;
    for (i = 0; i < hands.length; i++) {
      points = handPoints(ruleset, hands[i]);
      totals = [totals[0] + points[0], totals[1] + points[1]];
      results.push({ points: points, totals: totals, made: made(ruleset, hands[i]) });
      over = isOver(ruleset, totals);
    }
    return {
      hands: results,
      totals: totals,
      over: over,
      winner: over ? (totals[0] > totals[1] ? 0 : 1) : null,
      rubicon: over && 2 * Math.min(totals[0], totals[1]) < ruleset.target
    };
  }

  function problem(field, key, params) {
    return { field: field, key: key, params: params || {} };
  }

  // The kinds a Weis entry may stand for (a bare number may be several).
  function kindsOf(entry, style) {
    var points = table(style);
    if (typeof entry === "string") return [entry];
    return KINDS.filter(function (kind) { return points[kind] === entry; });
  }

  // The first thing wrong with a hand's Weis, in game-format.md's order for Sidi.
  function weisProblem(style, weis) {
    var entries, values, points = table(style), allowed, i, entry, kinds, fours = [], cards = 0;
    if (!Array.isArray(weis) || weis.length !== 2 ||
        !Array.isArray(weis[0]) || !Array.isArray(weis[1])) {
      return problem("weis", "weis_shape");
    }
    entries = weis[0].concat(weis[1]);
    if (!entries.length) return null;
    if (style === "none") return problem("weis", "weis_none");
    if (weis[0].length && weis[1].length) return problem("weis", "weis_both");
    values = KINDS.map(function (kind) { return points[kind]; });
    for (i = 0; i < entries.length; i++) {
      entry = entries[i];
      if (typeof entry === "string") {
        if (KINDS.indexOf(entry) < 0) {
          return problem("weis", "weis_kind", { kind: entry, kinds: KINDS.join(", ") });
        }
      } else if (!isInt(entry) || values.indexOf(entry) < 0) {
        allowed = values.filter(function (v, at) { return values.indexOf(v) === at; });
        allowed.sort(function (a, b) { return a - b; });
        return problem("weis", "weis_value",
          { entry: entry, style: style, allowed: allowed.join(", ") });
      }
    }
    kinds = entries.map(function (e) { return kindsOf(e, style); });
    for (i = 0; i < kinds.length; i++) {
      if (kinds[i].length === 1 && isFour(kinds[i][0])) {
        if (fours.indexOf(kinds[i][0]) >= 0) return problem("weis", "weis_fours");
        fours.push(kinds[i][0]);
      }
    }
    if (style === "large") { // a card may serve in a four-of-a-kind and a sequence
      kinds = kinds.filter(function (options) {
        return options.every(function (kind) { return !isFour(kind); });
      });
    }
    for (i = 0; i < kinds.length; i++) cards += Math.min.apply(null, kinds[i].map(cardCount));
    return cards > TEAM_CARDS ? problem("weis", "weis_cards", { cards: TEAM_CARDS }) : null;
  }

  function cardsProblem(hand) {
    var cards = get(hand, "cards"), match = get(hand, "match"), expected;
    if (cards === null) return problem("cards", "cards_missing");
    if (!Array.isArray(cards) || cards.length !== 2 || !isInt(cards[0]) || !isInt(cards[1])) {
      return problem("cards", "cards_shape");
    }
    if (Math.min(cards[0], cards[1]) < 0) {
      return problem("cards", "cards_negative", { cards: cards.slice() });
    }
    if (match !== null) {
      if (cards[match] !== CARD_POINTS || cards[1 - match] !== 0) {
        expected = match === 0 ? [CARD_POINTS, 0] : [0, CARD_POINTS];
        return problem("cards", "cards_match",
          { team: match, expected: expected, cards: cards.slice() });
      }
    } else if (cards[0] + cards[1] !== CARD_POINTS) {
      return problem("cards", "cards_sum",
        { a: cards[0], b: cards[1], sum: cards[0] + cards[1], total: CARD_POINTS });
    }
    return null;
  }

  // The first problem of a hand on its own (rules.check_hand), or null.
  function handProblem(ruleset, hand, players) {
    var team = get(hand, "team"), trump = get(hand, "trump"), bid = get(hand, "bid");
    var dbl = get(hand, "double", 1), match = get(hand, "match"), stoeck = get(hand, "stoeck");
    var ladder = bids(ruleset), doubles = DOUBLES[ruleset.doubling], found, bidder, i, name;
    if (!isTeam(team)) return problem("team", "one_of", { expected: "0, 1", value: team });
    if (typeof trump !== "string" || MODES.indexOf(trump) < 0) {
      return problem("trump", "trump_unknown", { trump: trump, trumps: MODES.join(", ") });
    }
    if (ruleset.trumps.indexOf(trump) < 0) {
      return problem("trump", "trump_not_allowed",
        { trump: trump, trumps: ruleset.trumps.join(", ") });
    }
    if (!isInt(bid) || ladder.indexOf(bid) < 0) {
      return problem("bid", "one_of", { expected: ladder.join(", "), value: bid });
    }
    if (!isInt(dbl) || doubles.indexOf(dbl) < 0) {
      return problem("double", "one_of", { expected: doubles.join(", "), value: dbl });
    }
    if (match !== null && !isTeam(match)) return problem("match", "not_a_team", { value: match });
    found = cardsProblem(hand) || weisProblem(ruleset.weis, get(hand, "weis", [[], []]));
    if (found) return found;
    if (stoeck !== null) {
      if (!isTeam(stoeck)) return problem("stoeck", "not_a_team", { value: stoeck });
      if (!ruleset.stoeck) return problem("stoeck", "stoeck_none");
      if (SUITS.indexOf(trump) < 0) return problem("stoeck", "stoeck_suit", { trump: trump });
    }
    for (i = 0; i < 2; i++) {
      name = ["out_first", "cards_at_out"][i];
      if (get(hand, name) !== null) return problem(name, "not_played_out");
    }
    bidder = get(hand, "bidder");
    if (bidder !== null) {
      if (typeof bidder !== "string") return problem("bidder", "bidder_name");
      if (players && players.indexOf(bidder) < 0) {
        return problem("bidder", "bidder_not_player", { chooser: bidder });
      }
    }
    return null;
  }

  // What the server would refuse in the next hand after these (valid) hands: [] or one
  // problem {field, key, hand, params}, the first of game-format.md's order, as
  // play(check=True, players=players) raises it. The key is the Python message's
  // constant, lowercased (rules.py: "game_over_before" is GAME_OVER_BEFORE); params fill
  // in its {places}. players (the four names) is optional, as in play.
  function check(ruleset, hands, hand, players) {
    var number = hands.length + 1, found;
    if (number > MAX_GAME_HANDS) {
      found = problem("hands", "too_many_hands", { most: MAX_GAME_HANDS });
    } else if (play(ruleset, hands).over) {
      found = problem("hands", "game_over_before", { last: number - 1 });
    } else {
      found = handProblem(ruleset, hand, players);
    }
    if (!found) return [];
    found.hand = number;
    return [found];
  }

  var api = { bids: bids, handPoints: handPoints, made: made, play: play, check: check };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (root) root.JassSidi = api;
})(typeof window !== "undefined" ? window : null);
