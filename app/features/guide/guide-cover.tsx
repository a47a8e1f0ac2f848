// The guide's cover, drawn inline so the page needs no image from the network and reserves its
// space from the first paint (explicit width and height).
import { site } from '~/config/site';
import { useCopy } from '~/i18n/locale';
import { guideCopy } from './copy';

export function GuideCover() {
  const t = useCopy(guideCopy).cover;
  const bars = [
    { x: 64, height: 34 },
    { x: 104, height: 52 },
    { x: 144, height: 74 },
    { x: 184, height: 100 },
    { x: 224, height: 130 },
  ];
  return (
    <svg
      className="guide-cover"
      role="img"
      aria-labelledby="guide-cover-title"
      width="320"
      height="420"
      viewBox="0 0 320 420"
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
    >
      <title id="guide-cover-title">{t.label}</title>
      <defs>
        <linearGradient id="guide-cover-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0c2a4d" />
          <stop offset="1" stopColor="#1d4f91" />
        </linearGradient>
      </defs>
      <rect width="320" height="420" rx="10" fill="url(#guide-cover-fill)" />
      <rect width="16" height="420" rx="4" fill="#081d36" />
      <rect x="40" y="36" width="112" height="28" rx="14" fill="#c2410c" />
      <text x="96" y="55" textAnchor="middle" fill="#fff" fontSize="13" fontWeight="700">
        {t.kicker.toUpperCase()}
      </text>
      <text fill="#fff" fontSize="34" fontWeight="800">
        <tspan x="40" y="112">
          {t.title[0]}
        </tspan>
        <tspan x="40" y="152">
          {t.title[1]}
        </tspan>
      </text>
      <text x="40" y="184" fill="#dbe4f0" fontSize="16">
        {t.subtitle}
      </text>
      <line x1="52" y1="356" x2="276" y2="356" stroke="#b8c7da" strokeWidth="2" />
      {bars.map((bar) => (
        <rect
          key={bar.x}
          x={bar.x}
          y={356 - bar.height}
          width="28"
          height={bar.height}
          rx="3"
          fill="#8fb3e3"
        />
      ))}
      <polyline
        points="60,300 110,282 150,262 190,236 246,206"
        fill="none"
        stroke="#ffd166"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M236 198 L252 203 L244 217 Z" fill="#ffd166" />
      <text x="40" y="396" fill="#dbe4f0" fontSize="13" fontWeight="600">
        {site.name}
      </text>
    </svg>
  );
}
