// Inline icons for the home page: decorative (the text beside each says the same), sized by
// their width and height attributes so nothing shifts while the page loads.
import type { ReactNode } from 'react';
import type { ServiceIcon } from './copy';

const common = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const servicePaths: Record<ServiceIcon, ReactNode> = {
  // A magnifying glass: search ads.
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  // Speech bubbles: social media.
  social: (
    <>
      <path d="M4 5h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
      <path d="M17 9h3a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-1v3l-4-3h-3" />
    </>
  ),
  // An envelope: email marketing.
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
};

export function ServiceGlyph({ icon }: { icon: ServiceIcon }) {
  return (
    <svg className="home-icon" {...common}>
      {servicePaths[icon]}
    </svg>
  );
}

export function CheckGlyph() {
  return (
    <svg className="home-mark home-mark--yes" {...common} width={20} height={20} strokeWidth={3}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

export function CrossGlyph() {
  return (
    <svg className="home-mark home-mark--no" {...common} width={20} height={20} strokeWidth={3}>
      <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
    </svg>
  );
}
