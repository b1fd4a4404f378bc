// JassRules: a hand's points and a game's totals on the phone, as the Python
// engine counts them (scoring/kinds/team/rules, RULES.md §2–§6). Input is the game file's
// JSON (game-format.md). No validation: the server judges; this only counts.
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

  var api = {
    weisTable: weisTable, handParts: handParts, step: step, play: play,
    countDecidesRubicon: countDecidesRubicon
  };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (root) root.JassRules = api;
})(typeof window !== "undefined" ? window : null);
