// The insights page's words. The administrator's pages are in English.

export const insightsCopy = {
  heading: 'Insights',
  intro:
    'Visits are counted without cookies and without storing anyone’s IP address (see the privacy policy), so every visitor counts, whatever they chose in the cookie banner. A visitor is counted once a day; bots are left out.',
  period: {
    legend: 'Period',
    presets: [
      { days: 7, label: 'Last 7 days' },
      { days: 30, label: 'Last 30 days' },
      { days: 90, label: 'Last 90 days' },
      { days: 365, label: 'Last 12 months' },
    ],
    from: 'From',
    to: 'To',
    show: 'Show',
    invalid: 'Choose a first day on or before the last day.',
    timeZone: (zone: string) => `Days are counted in ${zone} time.`,
  },
  loading: 'Loading the statistics…',
  loadFailed: (message: string) => `Could not load the statistics: ${message}`,
  totals: {
    label: 'Totals for the period',
    visitors: 'Visitors',
    views: 'Page views',
    bookingVisitors: 'Saw the booking form',
    leads: 'Leads',
    booked: 'Booked',
    won: 'Won',
  },
  chart: {
    heading: 'Visits over time',
    title: (start: string, end: string) => `Visitors and page views per day, ${start} to ${end}`,
    summary: (visitors: number, views: number, busiest: string | null) =>
      `${visitors} visitors and ${views} page views in total.` +
      (busiest ? ` The busiest day was ${busiest}.` : ''),
    visitors: 'Visitors',
    views: 'Page views',
    showNumbers: 'Show the numbers',
    day: 'Day',
  },
  pages: { heading: 'Top pages', page: 'Page', views: 'Views', visitors: 'Visitors' },
  landing: { heading: 'Landing pages', page: 'Page', visitors: 'Visitors' },
  sources: { heading: 'Top sources', source: 'Source', visitors: 'Visitors' },
  devices: {
    heading: 'Devices',
    device: 'Device',
    names: { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' },
  },
  languages: {
    heading: 'Languages',
    language: 'Language',
    names: { en: 'English', sv: 'Swedish' },
  },
  funnel: {
    heading: 'Funnel per source and campaign',
    explanation:
      'Visitors by where their first page that day came from (the campaign’s utm_source, else the site that linked to you, else direct). Leads by the source stored with each lead, which is its visit’s: a visitor who refused cookies keeps the ad they came from. A lead whose visit was not counted (sent from another device or another day) shows as direct. Booked counts leads now booked or won.',
    source: 'Source',
    campaign: 'Campaign',
    visitors: 'Visitors',
    bookingVisitors: 'Booking form',
    leads: 'Leads',
    booked: 'Booked',
    won: 'Won',
    rate: 'Leads per 100 visitors',
    noCampaign: '—',
    download: 'Download CSV',
    fileName: (start: string, end: string) => `funnel-${start}-to-${end}.csv`,
  },
  direct: '(direct)',
  empty: 'Nothing yet in this period.',
} as const;
