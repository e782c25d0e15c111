// The Falcon project report: a nine-page document whose facts are spread over pages that only the page graph links
// (results announce the staffing figures "overleaf"), with unrelated office-notes pages in between. The walk tests
// (TRACE, DMAP, G2) read it; GRAPH's test builds its own variant around a table.

/** An office-notes page: text on a topic no question asks about. */
export const filler = (topic: string) => [
  `Office notes: ${topic}`,
  `This page describes ${topic} at the head office, the opening hours and whom to contact about it.`,
];

/** Page texts, one array of lines per page, for makeTextPdf. */
export const FALCON_REPORT_PAGES = [
  [
    'Falcon project: overview',
    'The Falcon project builds sensors for wind farms. This report covers its history, its team and its risks.',
  ],
  filler('the car park'),
  ['Falcon project: history', 'The Falcon project began as a research programme and became a product line.'],
  [
    'Falcon project: annual results',
    'The Falcon project closed the year ahead of plan. Revenue reached 41.2 million and the operating margin ' +
      'was 18 percent. The staffing figures follow overleaf.',
  ],
  ['Staffing at year end', 'Employees 312', 'Contractors 45', 'Offices 3', 'Open positions 12'],
  filler('the canteen'),
  [
    'Falcon project: team',
    'The Falcon project team is led by the product group and works from three offices.',
  ],
  filler('the library'),
  [
    'Falcon project: risks',
    'The Falcon project risks include supplier delays and the cost of certification.',
  ],
];
