// JassCoiffeur: a Coiffeur sheet counted on the phone, as the Python engine counts it
// (scoring/kinds/coiffeur, RULES.md §11, game-format.md "Coiffeur"), for the offline
// provisional score. Input is the game file's JSON: the ruleset whole, as
// CoiffeurRuleset.to_dict() writes it (no preset is looked up here), and the hands as
// CoiffeurHand.to_dict() writes them. play() only counts, like play(check=False);
// check() says what the server would refuse in the next hand. The server judges.
(function (root) {
  "use strict";

  var CARD_POINTS = 157;
  var MISERE = "misere";
  var FLAGS = ["match", "counter", "struck"];

  // A JSON integer (problems.is_int). JSON.parse reads 98.0 as 98, which Python keeps
  // as a float and refuses: the one value the phone lets through and the server not.
  function isInt(value) {
    return typeof value === "number" && isFinite(value) && Math.floor(value) === value;
  }

  // A number as written on the sheet: rounded half up to ten on a rounded sheet.
  function r(ruleset, value) {
    return ruleset.rounded ? Math.floor((value + 5) / 10) * 10 : value;
  }

  function names(ruleset) {
    return ruleset.rows.map(function (row) { return row[0]; });
  }

  // A flag as read_hand reads it: absent is false.
  function flag(hand, key) {
    return hand[key] === undefined ? false : hand[key];
  }

  // The card points of a match in this row: all nine tricks, or none in misère.
  function matchCards(row) { return row === MISERE ? 0 : CARD_POINTS; }
  function counterCards(row) { return CARD_POINTS - matchCards(row); }

  // The points a valid hand writes in its cell (game-format.md "a cell").
  function cell(ruleset, hand) {
    var m = ruleset.rows[names(ruleset).indexOf(hand.row)][1];
    if (flag(hand, "struck")) return 0;
    if (flag(hand, "match")) {
      return r(ruleset, ruleset.match_value) * m + r(ruleset, ruleset.match_bonus);
    }
    if (flag(hand, "counter")) return 0 - r(ruleset, ruleset.counter_penalty) * m; // never -0
    return r(ruleset, hand.row === MISERE ? CARD_POINTS - hand.cards : hand.cards) * m;
  }

  // The most a row can still bring its side (a match), and the least (a counter-match).
  function bestCell(ruleset, row) {
    return cell(ruleset, { row: row, cards: matchCards(row), match: true });
  }
  function worstCell(ruleset, row) {
    return cell(ruleset, { row: row, cards: counterCards(row), counter: true });
  }

  function kindOf(hand) {
    return flag(hand, "match") ? "match" : flag(hand, "counter") ? "counter"
      : flag(hand, "struck") ? "struck" : "cards";
  }

  function sideName(team) { return team >= 0 && team < 3 ? "ABC".charAt(team) : String(team); }

  function sum(list) {
    var total = 0, i;
    for (i = 0; i < list.length; i++) if (list[i] !== null) total += list[i];
    return total;
  }

  function count(list, test) {
    return list.filter(test).length;
  }

  // Side and row → the number (1-based) of the hand that filled the cell, and how many
  // cells are filled.
  function filledBy(hands) {
    var filled = {}, size = 0, key, i;
    for (i = 0; i < hands.length; i++) {
      key = hands[i].team + ":" + hands[i].row;
      if (!(key in filled)) size++;
      filled[key] = i + 1;
    }
    return { cells: filled, size: size };
  }

  // The side that can no longer be caught, if one (CoiffeurResult.safe): even with a
  // counter-match in each of its open rows and a match in every other side's, it stays
  // strictly ahead. A mark on the sheet, never the winner.
  function safe(ruleset, totals, openRows) {
    var teams = ruleset.teams, lowest = [], highest = [], s, o, ahead;
    function add(rows, value) {
      return rows.reduce(function (total, row) { return total + value(ruleset, row); }, 0);
    }
    for (s = 0; s < teams; s++) {
      lowest.push(totals[s] + add(openRows[s], worstCell));
      // With two sides the other side's counter-matches bring this side the bonus.
      highest.push(totals[s] + add(openRows[s], bestCell) +
        (teams === 2 ? r(ruleset, ruleset.counter_bonus) * openRows[1 - s].length : 0));
    }
    for (s = 0; s < teams; s++) {
      ahead = true;
      for (o = 0; o < teams; o++) if (o !== s && !(lowest[s] > highest[o])) ahead = false;
      if (ahead) return s;
    }
    return null;
  }

  // play(ruleset, hands, check=False) with CoiffeurResult's properties: cells and kinds
  // [side][row] (null while open), totals, over, winner, difference, openRows,
  // rowDifferences, matches, played, safe; and per hand its cell and the totals after it.
  function play(ruleset, hands) {
    var rows = names(ruleset), teams = ruleset.teams, cells = [], kinds = [], bonus = [];
    var running = [], s, i, hand, index, value, totals, over, best, openRows;
    for (s = 0; s < teams; s++) {
      cells.push(rows.map(function () { return null; }));
      kinds.push(rows.map(function () { return null; }));
      bonus.push(0);
    }
    function total(side) { return sum(cells[side]) + bonus[side]; }
    for (i = 0; i < hands.length; i++) {
      hand = hands[i];
      index = rows.indexOf(hand.row);
      value = cell(ruleset, hand);
      cells[hand.team][index] = value;
      kinds[hand.team][index] = kindOf(hand);
      if (flag(hand, "counter") && teams === 2) {
        bonus[1 - hand.team] += r(ruleset, ruleset.counter_bonus);
      }
      running.push({ cell: value, totals: cells.map(function (_, side) { return total(side); }) });
    }
    totals = cells.map(function (_, side) { return total(side); });
    over = filledBy(hands).size >= teams * rows.length;
    best = Math.max.apply(null, totals);
    openRows = cells.map(function (side) {
      return rows.filter(function (_, row) { return side[row] === null; });
    });
    return {
      cells: cells,
      kinds: kinds,
      totals: totals,
      over: over,
      // The highest total wins once the sheet is full; equal highest totals draw.
      winner: over && count(totals, function (t) { return t === best; }) === 1
        ? totals.indexOf(best) : null,
      difference: teams === 2 ? totals[0] - totals[1] : null,
      openRows: openRows,
      rowDifferences: teams !== 2 ? [] : cells[0].map(function (a, row) {
        var b = cells[1][row];
        return a === null || b === null ? null : a - b;
      }),
      matches: kinds.map(function (side) {
        return count(side, function (kind) { return kind === "match"; });
      }),
      played: cells.map(function (side) {
        return count(side, function (value) { return value !== null; });
      }),
      safe: over ? null : safe(ruleset, totals, openRows),
      rubicon: false, // no Rubicon in Coiffeur
      hands: running
    };
  }

  function problem(field, key, number, params) {
    return [{ field: field, key: key, hand: number, params: params || {} }];
  }

  // What the server would refuse in the next hand after these (valid) hands: [] or one
  // problem {field, key, hand, params}, the first of game-format.md's order, as
  // play(check=True) raises it. The key is the Python message's constant, lowercased
  // (rules.py: "sheet_full" is SHEET_FULL); params fill in its {places}.
  function check(ruleset, hands, hand) {
    var teams = ruleset.teams, rows = names(ruleset), number = hands.length + 1;
    var filled = filledBy(hands), earlier, flags = [], i, sides = [];
    var cards = hand.cards === undefined ? null : hand.cards;
    if (filled.size >= teams * rows.length) {
      return problem("hands", "sheet_full", number, { last: number - 1 });
    }
    if (!isInt(hand.team) || hand.team < 0 || hand.team >= teams) {
      for (i = 0; i < teams; i++) sides.push(String(i));
      return problem("team", "no_such_side", number, { value: hand.team, sides: sides.join(", ") });
    }
    if (typeof hand.row !== "string" || rows.indexOf(hand.row) < 0) {
      return problem("row", "no_such_row", number, { value: hand.row });
    }
    earlier = filled.cells[hand.team + ":" + hand.row];
    if (earlier !== undefined) {
      return problem("row", "cell_filled", number,
        { side: sideName(hand.team), row: hand.row, earlier: earlier });
    }
    for (i = 0; i < FLAGS.length; i++) {
      flags.push(flag(hand, FLAGS[i]));
      if (typeof flags[i] !== "boolean") {
        return problem(FLAGS[i], "not_boolean", number, { value: flags[i] });
      }
    }
    if (count(flags, Boolean) > 1) return problem("match", "two_kinds", number);
    if (flags[2]) return cards !== null ? problem("cards", "cards_with_struck", number) : [];
    if (cards === null) return problem("cards", "cards_missing", number);
    if (!isInt(cards) || cards < 0 || cards > CARD_POINTS) {
      return problem("cards", "cards_range", number, { most: CARD_POINTS, value: cards });
    }
    if (flags[0] && cards !== matchCards(hand.row)) {
      return problem("cards", "match_cards", number,
        { row: hand.row, cards: matchCards(hand.row), value: cards });
    }
    if (flags[1] && cards !== counterCards(hand.row)) {
      return problem("cards", "counter_cards", number,
        { row: hand.row, cards: counterCards(hand.row), value: cards });
    }
    return [];
  }

  var api = {
    r: r, matchCards: matchCards, counterCards: counterCards, cell: cell, play: play,
    check: check
  };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (root) root.JassCoiffeur = api;
})(typeof window !== "undefined" ? window : null);
