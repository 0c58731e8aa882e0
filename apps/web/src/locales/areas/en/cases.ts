/** Case intelligence: defrost-aware rules, the product probe, the point chart and the case performance report. */
export const en = {
  editor: {
    legend: 'Defrost and product temperature',
    hint: 'For temperature points: while a case defrosts and for the recovery after it this alarm is not judged (the recovery ends early when the case does not cool down after the defrost, or, without a product probe, when the air is back within the limit); with a product probe the limit is judged on a simulated product temperature (the air temperature slowed down by the time constant), so a door opening or a short warm-up does not raise it.',
    recovery: 'Recovery after defrost (minutes)',
    probe: 'Product probe time constant (minutes)',
    probeHint: 'Empty: judged on the air temperature. 5 to 240 minutes.',
  },
  chart: {
    air: 'Air',
    product: 'Product',
    defrost: 'Defrost',
    defrosts_one: '{{count}} defrost period shaded',
    defrosts_other: '{{count}} defrost periods shaded',
  },
  report: {
    title: 'Case performance',
    description:
      'Per case: time in range without defrost, defrosts per day and their length, door openings, temperature alarms raised and those the defrost and product rules held back.',
    overall: 'All cases',
    location: 'Location',
    case: 'Case',
    controller: 'Controller',
    timeInRange: 'Time in range',
    timeInRangeHint: 'Share of the observed time, defrosts and their recovery left out',
    observed:
      'Time in range, time out of range, defrosts and door openings cover what the alarm engine observed: from {{from}} to {{to}}, {{observed}} of the {{logged}} hours logged.',
    notObserved:
      'The alarm engine observed none of the {{logged}} hours logged: time in range, defrosts and door openings are not known for them.',
    haccpHint:
      'Hours above the limit ({{limit}}) and excursions are the HACCP log’s, from the same days’ hourly highs; those in a defrost or its recovery are counted apart.',
    observedLogged: 'Observed / logged h',
    outOfRange: 'Out of range h',
    hoursAbove: 'Hours above limit',
    aboveInDefrost: 'Above, in defrost',
    excursions: 'Excursions',
    defrostsPerDay: 'Defrosts per observed day',
    avgDefrost: 'Average defrost',
    longestDefrost: 'Longest defrost',
    doorOpenings: 'Door openings',
    alarmsRaised: 'Temperature alarms',
    heldDefrost: 'Held back by defrost',
    heldProduct: 'Held back by product probe',
    cases_one: '{{count}} case',
    cases_other: '{{count}} cases',
    perLocation: 'By location',
    noData: 'No case reported in this range.',
  },
};
