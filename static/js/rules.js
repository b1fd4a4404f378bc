// JassRules: a hand's points and a game's totals on the phone, as the Python
// engine counts them (scoring/kinds/team/rules, RULES.md §2–§6). Input is the game file's
// JSON (game-format.md). The server judges; check() refuses what it would refuse of one
// hand (hand.py check_hand, game.py _rules_of_the_game), so the phone keeps no hand the
// server will not take: each problem names the engine's field and a code of its message.
(function (root) {
  "use strict";

  var STOECK = 20;
  var SMALL = {
    seq3: 20, seq4: 50, seq5: 100, seq6: 100, seq7: 100, seq8: 100, seq9: 100,
    "four-tens": 100, "four-queens": 100, "four-kings": 100, "four-aces": 100,
    "four-nines": 150, "four-jacks": 200
  };
  var LARGE = { seq6: 150, seq7: 200, seq8: 250, seq9: 300 }; // the rest as small

  function pair(f) { return [f(0), f(1)]; }
  function add(a, b) { return [a[0] + b[0], a[1] + b[1]]; }

  // Kind → points for "small", "large" or "none" (WEIS_TABLES).
  function weisTable(style) {
    var table = {}, kind;
    if (style === "small" || style === "large") {
      for (kind in SMALL) table[kind] = (style === "large" && LARGE[kind]) || SMALL[kind];
    }
    return table;
  }

  // hand_parts: each part per team after the multiplier, in the order they count.
  function handParts(ruleset, hand) {
    var m = (ruleset.multipliers || {})[hand.trump] || 1;
    var table = weisTable(ruleset.weis), cards = hand.cards, match = hand.match;
    var stoeck = pair(function (t) { return hand.stoeck === t ? m * STOECK : 0; });
    var weis = pair(function (t) {
      var list = (hand.weis || [])[t] || [], sum = 0, i;
      for (i = 0; i < list.length; i++) {
        sum += typeof list[i] === "string" ? table[list[i]] || 0 : +list[i]; // kind or bare number
      }
      return m * sum;
    });
    var cancelled = pair(function (t) { return match === 1 - t ? weis[t] : 0; }); // match against
    var tricks = pair(function (t) {
      return cards ? m * (cards[t] + (match === t ? ruleset.match_bonus || 0 : 0)) : 0;
    });
    return {
      multiplier: m, stoeck: stoeck, weis: weis, weisCancelled: cancelled, tricks: tricks,
      points: pair(function (t) { return stoeck[t] + weis[t] - cancelled[t] + tricks[t]; })
    };
  }

  function counted(points, winner, outOn, needsOutFirst, exact) {
    return {
      points: points, winner: winner, outOn: outOn, needsOutFirst: needsOutFirst, exact: !!exact
    };
  }

  // The first team (0 before 1) that reaches the target with these points, or null.
  function out(totals, points, target) {
    return totals[0] + points[0] >= target ? 0 : totals[1] + points[1] >= target ? 1 : null;
  }

  // One hand counted onto the totals. First out (game.py _first_out): Stöck, then
  // Weis, then tricks, stopping when a team reaches the target.
  function step(ruleset, totals, hand) {
    var parts = handParts(ruleset, hand), points = parts.points, target = ruleset.target;
    var sofar, t, winner;
    if (ruleset.end && ruleset.end !== "first-out") return counted(points, null, null, false);
    sofar = parts.stoeck;
    t = out(totals, sofar, target);
    if (t !== null) return counted(sofar, t, "stoeck", false);
    sofar = add(sofar, parts.weis);
    t = out(totals, sofar, target);
    if (t !== null) return counted(sofar, t, "weis", false);
    if (hand.cards_at_out) {
      // The exact last hand (game.py _exactly_out): what each team had taken when the
      // first went out, with its Stöck and Weis; exactly one team is then at the target.
      points = pair(function (i) {
        return sofar[i] + parts.multiplier * hand.cards_at_out[i];
      });
      t = out(totals, points, target);
      if (t === null || totals[1 - t] + points[1 - t] >= target) {
        return counted(points, null, null, false); // refused by the server
      }
      return counted(points, t, "tricks", false, true);
    }
    if (!hand.cards) return counted(points, null, null, false); // over on Stöck or Weis only
    t = out(totals, points, target);
    if (t === 0 && totals[1] + points[1] >= target) {
      // Both cross on tricks: the table says who was first (out_first); the
      // other team's total freezes below the target.
      winner = hand.out_first === 0 || hand.out_first === 1 ? hand.out_first : null;
      if (winner !== null) {
        t = 1 - winner;
        points = points.slice();
        points[t] = Math.min(points[t], target - 1 - totals[t]);
      }
      return counted(points, winner, "tricks", true);
    }
    return counted(points, t, t === null ? null : "tricks", false);
  }

  // play(ruleset, hands, check=False): the running totals, the end, the winner, Rubicon.
  function play(ruleset, hands) {
    var totals = [0, 0], rows = [], over = false, winner = null, outOn = null, exact = false;
    var target = ruleset.target, end = ruleset.end, i, s;
    for (i = 0; i < hands.length && !over; i++) {
      s = step(ruleset, totals, hands[i]);
      totals = add(totals, s.points);
      rows.push({ points: s.points, totals: totals });
      if (s.winner !== null) {
        over = true; winner = s.winner; outOn = s.outOn; exact = s.exact;
      } else if (end === "whole-hand") {
        // The hand is played out: the higher total wins; equal totals play on.
        if (Math.max(totals[0], totals[1]) >= target && totals[0] !== totals[1]) {
          over = true; winner = totals[1] > totals[0] ? 1 : 0; outOn = "total";
        }
      } else if (end === "fixed-hands" && i + 1 === ruleset.hands) {
        over = true; outOn = "total";
        winner = totals[0] === totals[1] ? null : totals[1] > totals[0] ? 1 : 0;
      }
    }
    return {
      hands: rows, totals: totals, over: over, winner: winner, outOn: outOn,
      // The loser below half the target when the winner went out (exactly half is made).
      rubicon: over && winner !== null && target != null && 2 * totals[1 - winner] < target,
      // A first-out game that ended on trick points without the count at going out.
      estimated: over && (end || "first-out") === "first-out" && outOn === "tricks" && !exact
    };
  }

  // game.py count_decides_rubicon: the hand takes a team out on trick points without
  // the count at going out, and that count would decide Rubicon (the loser below half
  // the target before the hand, at half or more with the whole hand, capped).
  function countDecidesRubicon(ruleset, totals, hand) {
    var s = step(ruleset, totals, hand), target = ruleset.target, loser;
    if (s.winner === null || s.outOn !== "tricks" || s.exact || target == null) return false;
    loser = 1 - s.winner;
    return 2 * totals[loser] < target && target <= 2 * (totals[loser] + s.points[loser]);
  }

  // RULES.md §12 (striche.py): a game counted in Striche. The Berg's line is ⌈T/2⌉.
  function bergLine(target) { return Math.floor((target + 1) / 2); }

  // Who reaches the Berg line in this hand played after these totals, as count_striche
  // walks it: Stöck, then Weis (a Weis a match cancels never counted), then trick
  // points, each as far as it counted (s: the hand's step). null when nobody does, the
  // Berg was had before, or the game counts none; else {team, tie, open}: tie when both
  // reach it on tricks, open when the table must say who was first (berg_first).
  function bergStep(ruleset, totals, hand, s) {
    var table = ruleset.striche, line, parts, weis, phases, running = totals, i, reached, after;
    if (!table || table.with_berg === false || ruleset.target == null) return null;
    line = bergLine(ruleset.target);
    if (Math.max(totals[0], totals[1]) >= line) return null;
    s = s || step(ruleset, totals, hand);
    parts = handParts(ruleset, hand);
    function rest(a, b) { return pair(function (t) { return a[t] - b[t]; }); }
    if (s.outOn === "stoeck") phases = [s.points];
    else if (s.outOn === "weis") phases = [parts.stoeck, rest(s.points, parts.stoeck)];
    else {
      weis = rest(parts.weis, parts.weisCancelled);
      phases = [parts.stoeck, weis, rest(rest(s.points, parts.stoeck), weis)];
    }
    for (i = 0; i < phases.length; i++) {
      running = add(running, phases[i]);
      reached = [0, 1].filter(function (t) { return running[t] >= line; });
      if (reached.length === 1) return { team: reached[0], tie: false, open: false };
      if (reached.length === 2) {
        after = add(totals, s.points);
        if (table.berg_tie === "higher" && after[0] !== after[1]) {
          return { team: after[1] > after[0] ? 1 : 0, tie: true, open: false };
        }
        return { team: isTeam(hand.berg_first) ? hand.berg_first : null, tie: true, open: true };
      }
    }
    return null;
  }

  // What one hand adds to each team's Striche (striche.py count_striche): the Berg, a
  // Matsch or Kontermatsch by the chooser's team (chooserTeam) unless the game ended on
  // Stöck or Weis before the hand was played; with over (the game ends in this hand),
  // the Sieg and the Schneider of result (play's).
  function stricheStep(ruleset, totals, hand, chooserTeam, result) {
    var table = ruleset.striche, s = step(ruleset, totals, hand), add2 = [{}, {}];
    var berg = bergStep(ruleset, totals, hand, s), m = hand.match;
    if (berg && berg.team !== null) add2[berg.team].berg = table.berg;
    if (isTeam(m) && s.outOn !== "stoeck" && s.outOn !== "weis" && isTeam(chooserTeam)) {
      add2[m][chooserTeam === m ? "matsch" : "kontermatsch"] = chooserTeam === m ? table.matsch : table.kontermatsch;
    }
    if (result && result.over && isTeam(result.winner)) {
      add2[result.winner].sieg = table.sieg;
      if (result.rubicon && table.with_schneider !== false) add2[result.winner].schneider = table.schneider;
    }
    return add2;
  }

  var AWARDS = ["sieg", "berg", "matsch", "kontermatsch", "schneider"];

  // Striche (one object per team, as result.striche) onto which one hand's are added.
  function addStriche(made, more) {
    return [0, 1].map(function (t) {
      var team = { total: 0 };
      AWARDS.forEach(function (a) {
        team[a] = ((made[t] || {})[a] || 0) + (more[t][a] || 0);
        team.total += team[a];
      });
      return team;
    });
  }

  // A whole game's Striche (count_striche): chooserTeams[i] is the team of hand i's chooser.
  function striche(ruleset, hands, chooserTeams) {
    var made = [{}, {}], totals = [0, 0], game = play(ruleset, hands), i, last;
    made = addStriche(made, [{}, {}]);
    for (i = 0; i < game.hands.length; i++) {
      last = i === game.hands.length - 1 && game.over;
      made = addStriche(made, stricheStep(ruleset, totals, hands[i], chooserTeams[i], last ? game : null));
      totals = game.hands[i].totals;
    }
    return made;
  }

  var TRUMPS = ["hearts", "diamonds", "clubs", "spades", "obe-abe", "unde-ufe"];
  var CARDS = 157, BEFORE_LAST_TRICK = 152, TEAM_CARDS = 18;
  function isInt(v) { return typeof v === "number" && Number.isInteger(v); }
  function isTeam(v) { return v === 0 || v === 1; }
  function isSeq(kind) { return /^seq/.test(kind); }
  function given(v) { return v !== null && v !== undefined; }

  // hand.py _weis_problems: [code, params] or null.
  function weisProblem(ruleset, weis) {
    if (!Array.isArray(weis) || weis.length !== 2 || !weis.every(Array.isArray)) return ["weis-shape"];
    if (weis[0].length && weis[1].length) return ["weis-both"];
    var entries = weis[0].concat(weis[1]), table = weisTable(ruleset.weis), i, e;
    if (!entries.length) return null;
    if (ruleset.weis === "none") return ["weis-none"];
    var values = Object.keys(table).map(function (k) { return table[k]; })
      .filter(function (v, j, all) { return all.indexOf(v) === j; }).sort(function (a, b) { return a - b; });
    for (i = 0; i < entries.length; i++) {
      e = entries[i];
      if (typeof e === "string") {
        if (!SMALL[e]) return ["weis-kind", { kind: e, kinds: Object.keys(SMALL).join(", ") }];
      } else if (!isInt(e) || values.indexOf(e) < 0) {
        return ["weis-value", { entry: e, style: ruleset.weis, allowed: values.join(", ") }];
      }
    }
    var kinds = entries.map(function (e) {
      return typeof e === "string" ? [e] : Object.keys(table).filter(function (k) { return table[k] === e; });
    });
    var fours = kinds.filter(function (o) { return o.length === 1 && !isSeq(o[0]); }).map(function (o) { return o[0]; });
    if (fours.some(function (k, j) { return fours.indexOf(k) !== j; })) return ["weis-fours"];
    if (ruleset.weis === "large") kinds = kinds.filter(function (o) { return o.every(isSeq); });
    var cards = kinds.reduce(function (sum, o) {
      return sum + Math.min.apply(null, o.map(function (k) { return isSeq(k) ? +k.slice(3) : 4; }));
    }, 0);
    return cards > TEAM_CARDS ? ["weis-cards", { cards: TEAM_CARDS }] : null;
  }

  // hand.py _at_out_problems: the count at going out on its own.
  function atOutProblem(hand) {
    var a = hand.cards_at_out, c = hand.cards, t;
    if (!Array.isArray(a) || a.length !== 2 || !a.every(function (n) { return isInt(n) && n >= 0; })) return ["at-out-shape"];
    if (given(hand.match)) return ["at-out-match"];
    if (a[0] + a[1] > BEFORE_LAST_TRICK && a[0] + a[1] !== CARDS) {
      return ["at-out-sum", { a: a[0], b: a[1], sum: a[0] + a[1], before: BEFORE_LAST_TRICK, total: CARDS }];
    }
    if (Array.isArray(c) && c.length === 2 && c.every(isInt)) {
      for (t = 0; t < 2; t++) if (a[t] > c[t]) return ["at-out-over", { team: t, at_out: a[t], cards: c[t] }];
    }
    return null;
  }

  // What the server refuses of this hand played after these totals (check_hand, then
  // the rules of the game where it stands): [{field, code, params}], none when valid.
  function check(ruleset, totals, hand) {
    var out = [], trumps = ruleset.trumps || TRUMPS, match = given(hand.match) ? hand.match : null;
    function bad(field, problem) { if (problem) out.push({ field: field, code: problem[0], params: problem[1] || {} }); }
    var trumpOk = TRUMPS.indexOf(hand.trump) >= 0, matchOk = match === null || isTeam(match), c = hand.cards;
    if (!trumpOk) bad("trump", ["trump-unknown", { trump: hand.trump, trumps: TRUMPS.join(", ") }]);
    else if (trumps.indexOf(hand.trump) < 0) bad("trump", ["trump-not-allowed", { trump: hand.trump, trumps: trumps.join(", ") }]);
    if (!matchOk) bad("match", ["not-a-team", { value: match }]);
    if (given(c)) {
      if (!Array.isArray(c) || c.length !== 2 || !c.every(isInt)) bad("cards", ["cards-shape"]);
      else if (Math.min(c[0], c[1]) < 0) bad("cards", ["cards-negative", { cards: c }]);
      else if (match === null || !matchOk) {
        if (c[0] + c[1] !== CARDS) bad("cards", ["cards-sum", { a: c[0], b: c[1], sum: c[0] + c[1], total: CARDS }]);
      } else if (c[match] !== CARDS || c[1 - match] !== 0) {
        bad("cards", ["cards-match", { team: match, expected: match ? [0, CARDS] : [CARDS, 0], cards: c }]);
      }
    } else if (match !== null && matchOk) bad("match", ["match-no-cards"]);
    bad("weis", weisProblem(ruleset, hand.weis || [[], []]));
    if (given(hand.stoeck)) {
      if (!isTeam(hand.stoeck)) bad("stoeck", ["not-a-team", { value: hand.stoeck }]);
      else if (!ruleset.stoeck) bad("stoeck", ["stoeck-none"]);
      else if (trumpOk && TRUMPS.indexOf(hand.trump) > 3) bad("stoeck", ["stoeck-suit", { trump: hand.trump }]);
    }
    if (given(hand.out_first) && !isTeam(hand.out_first)) bad("out_first", ["not-a-team", { value: hand.out_first }]);
    if (given(hand.cards_at_out)) bad("cards_at_out", atOutProblem(hand));
    if (out.length) return out;

    // game.py _rules_of_the_game
    var firstOut = (ruleset.end || "first-out") === "first-out", s = step(ruleset, totals, hand);
    var beforeTricks = s.outOn === "stoeck" || s.outOn === "weis", atOut = given(hand.cards_at_out), refused = null;
    if (atOut && firstOut) {
      var crossed = [0, 1].filter(function (t) { return totals[t] + s.points[t] >= ruleset.target; });
      if (beforeTricks) refused = "at-out-before-tricks";
      else if (!s.exact) refused = crossed.length ? "at-out-both" : "at-out-nobody";
      else if (given(hand.out_first) && hand.out_first !== s.winner) refused = "at-out-other";
    }
    if (atOut && !firstOut) bad("cards_at_out", ["at-out-ends-otherwise"]);
    else bad("cards_at_out", refused && [refused, { team: hand.out_first, other: 1 - (hand.out_first || 0) }]);
    if (!given(c) && !beforeTricks && !atOut) bad("cards", [firstOut ? "cards-missing-going-out" : "cards-missing"]);
    if (!(refused || s.exact)) { // else out_first was checked against the count
      if (s.needsOutFirst && !given(hand.out_first)) bad("out_first", ["out-first-needed"]);
      else if (given(hand.out_first) && !s.needsOutFirst) bad("out_first", ["out-first-unwanted"]);
    }
    if (out.length) return out;

    // striche.py: then the chooser, then berg_first
    var table = ruleset.striche, berg, bf = hand.berg_first;
    if (!table) {
      if (given(bf)) bad("berg_first", ["berg-first-no-striche"]);
      return out;
    }
    if (match !== null && !hand.chooser) bad("chooser", ["chooser-needed"]);
    berg = bergStep(ruleset, totals, hand, s);
    if (given(bf) && !isTeam(bf)) bad("berg_first", ["not-a-team", { value: bf }]);
    else if (table.with_berg === false) bad("berg_first", given(bf) && ["berg-first-no-berg"]);
    else if (berg && berg.open && !given(bf)) bad("berg_first", ["berg-first-needed", { line: bergLine(ruleset.target) }]);
    else if (given(bf) && berg && berg.tie && !berg.open) bad("berg_first", ["berg-first-higher"]);
    else if (given(bf) && !(berg && berg.tie)) bad("berg_first", ["berg-first-unwanted", { line: bergLine(ruleset.target) }]);
    return out;
  }

  var api = {
    weisTable: weisTable, handParts: handParts, step: step, play: play,
    countDecidesRubicon: countDecidesRubicon, check: check,
    bergLine: bergLine, bergStep: bergStep, stricheStep: stricheStep, addStriche: addStriche,
    striche: striche
  };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (root) root.JassRules = api;
})(typeof window !== "undefined" ? window : null);
