// JassGuggitaler: a Guggitaler game counted on the phone, as the Python engine counts it
// (scoring/kinds/guggitaler, RULES.md §14, game-format.md "Guggitaler"), for the offline
// provisional score. Input is the game file's JSON: the ruleset whole, as
// GuggiRuleset.to_dict() writes it (no preset is looked up here), and the hands as
// GuggiHand.to_dict() writes them. play() only counts, like play(check=False); check()
// says what the server would refuse in the next hand. The server judges.
(function (root) {
  "use strict";

  var DOMINO = "domino";
  var OBE_ABE = "obe-abe";
  var HAND_FIELDS = ["category", "counts", "places", "trump", "weis", "stoeck", "match", "cards"];
  // A Guggitaler hand has no Weis, Stöck, match or card points: only their empty values.
  var EMPTY = [["weis", ["[]", "[[],[]]"]], ["stoeck", ["null"]], ["match", ["null"]],
    ["cards", ["null"]]];
  var MAXIMA = { schellen: 9, ober: 4, king: 1, "last-trick": 1 };

  // A JSON integer (problems.is_int). JSON.parse reads 3.0 as 3, which Python keeps as a
  // float and refuses: the one value the phone lets through and the server not.
  function isInt(value) {
    return typeof value === "number" && isFinite(value) && Math.floor(value) === value;
  }

  // What the players' counts of a hand add up to (rules.maximum).
  function maximum(category, players) {
    if (category === "tricks") return players === 3 ? 12 : 9;
    return MAXIMA[category];
  }

  // Every hand of the game in order: the five, then the domino if played, series times.
  function order(ruleset) {
    var one = ruleset.categories.map(function (entry) { return entry[0]; }), all = [], i;
    if (ruleset.domino) one.push(DOMINO);
    for (i = 0; i < ruleset.series; i++) all = all.concat(one);
    return all;
  }

  // The category of the hand after `played` hands, or null once the game is over.
  function nextCategory(ruleset, played) {
    var all = order(ruleset);
    return played >= 0 && played < all.length ? all[played] : null;
  }

  function value(ruleset, category) {
    var i;
    for (i = 0; i < ruleset.categories.length; i++) {
      if (ruleset.categories[i][0] === category) return ruleset.categories[i][1];
    }
    return null;
  }

  // What a valid hand charges each player: count × value, or the domino's credit for
  // the player's place, given back.
  function points(ruleset, hand) {
    if (hand.category === DOMINO) {
      return hand.places.map(function (place) { return 0 - ruleset.credits[place - 1]; });
    }
    var v = value(ruleset, hand.category);
    return hand.counts.map(function (count) { return count * v; });
  }

  // 1-based ranks, the lowest total first; equal totals share a rank (1, 2, 2, 4).
  function ranks(totals) {
    return totals.map(function (mine) {
      return 1 + totals.filter(function (other) { return other < mine; }).length;
    });
  }

  // play(ruleset, hands, check=False) with GuggiResult's properties: per hand its points
  // and the totals after it, the totals, over, ranks, winner, rubicon, leaders and the
  // next hand's category.
  function play(ruleset, hands) {
    var totals = [], running = [], i, charged, ranked, leaders, over, seat;
    for (seat = 0; seat < ruleset.players; seat++) totals.push(0);
    for (i = 0; i < hands.length; i++) {
      charged = points(ruleset, hands[i]);
      totals = totals.map(function (total, s) { return total + charged[s]; });
      running.push({ points: charged, totals: totals.slice() });
    }
    over = hands.length >= order(ruleset).length;
    ranked = ranks(totals);
    leaders = [];
    ranked.forEach(function (rank, s) { if (rank === 1) leaders.push(s); });
    return {
      hands: running,
      totals: totals,
      over: over,
      ranks: ranked,
      // The lowest total wins once the game is over; a shared first place has no winner.
      winner: over && leaders.length === 1 ? leaders[0] : null,
      rubicon: false, // no Rubicon in Guggitaler
      leaders: leaders,
      nextCategory: nextCategory(ruleset, hands.length)
    };
  }

  function problem(field, key, number, params) {
    return [{ field: field, key: key, hand: number, params: params || {} }];
  }

  function absent(value) { return value === undefined || value === null; }

  // One whole number per player, or null.
  function numbers(list, players) {
    if (!Array.isArray(list) || list.length !== players) return null;
    return list.every(isInt) ? list : null;
  }

  // What the server would refuse in the next hand after these (valid) hands: [] or one
  // problem {field, key, hand, params}, the first of game-format.md's order, as
  // gamefile.check_hand_data gives it. The key is the Python message's constant,
  // lowercased (rules.py: "counts_sum" is COUNTS_SUM); params fill in its {places}.
  function check(ruleset, hands, hand) {
    var all = order(ruleset), number = hands.length + 1, players = ruleset.players;
    var expected, list, most, total, i, key, shown;
    if (number > all.length) {
      return problem("hands", "game_over_before", number, { last: all.length });
    }
    if (hand === null || typeof hand !== "object" || Array.isArray(hand)) {
      return problem("hand", "not_object", number);
    }
    expected = all[number - 1];
    if (hand.category !== expected) {
      return problem("category", "not_next", number,
        { number: number, expected: expected, value: absent(hand.category) ? null : hand.category });
    }
    if (expected === DOMINO) {
      if (!absent(hand.counts)) return problem("counts", "counts_in_domino", number);
      list = numbers(hand.places, players);
      shown = list && list.slice().sort(function (a, b) { return a - b; });
      if (!list || !shown.every(function (place, i) { return place === i + 1; })) {
        return problem("places", "places_range", number,
          { players: players, value: absent(hand.places) ? null : hand.places });
      }
    } else {
      most = maximum(expected, players);
      if (absent(hand.counts)) return problem("counts", "counts_missing", number);
      list = numbers(hand.counts, players);
      if (!list || !list.every(function (n) { return n >= 0 && n <= most; })) {
        return problem("counts", "counts_range", number,
          { most: most, players: players, value: hand.counts });
      }
      total = list.reduce(function (sum, n) { return sum + n; }, 0);
      if (total !== most) return problem("counts", "counts_sum", number, { total: total, most: most });
      if (!absent(hand.places)) return problem("places", "places_in_category", number);
    }
    if (!absent(hand.trump) && hand.trump !== OBE_ABE) {
      return problem("trump", "not_obe_abe", number, { value: hand.trump });
    }
    for (i = 0; i < EMPTY.length; i++) {
      key = EMPTY[i][0];
      if (key in hand && EMPTY[i][1].indexOf(JSON.stringify(hand[key])) < 0) {
        return problem(key, "none_here", number);
      }
    }
    for (key in hand) {
      if (HAND_FIELDS.indexOf(key) < 0 && key.slice(0, 2) !== "x-") {
        return problem(key, "unknown_field", number, { known: HAND_FIELDS.join(", ") });
      }
    }
    return [];
  }

  var api = {
    maximum: maximum, order: order, nextCategory: nextCategory, points: points, ranks: ranks,
    play: play, check: check
  };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (root) root.JassGuggitaler = api;
})(typeof window !== "undefined" ? window : null);
