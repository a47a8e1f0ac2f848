// Meta's pixel and Microsoft Clarity's tag (docs/decisions/0015), in a chunk of its own that the
// site's script imports only on a page where a tag is configured and the visitor's choice allows it
// (main.ts), so nobody else downloads it. Each loader is the vendor's standard snippet, typed: a
// queue the vendor's script takes over once it arrives.
import { LEAD_ID_PARAMETER } from '~/ui/consultation-markup';
import type { ConsentChoice } from '~/visit/consent-cookie';
import {
  CLARITY_ATTRIBUTE,
  CLARITY_SRC_ATTRIBUTE,
  LEAD_EVENT_ATTRIBUTE,
  META_PIXEL_ATTRIBUTE,
  META_PIXEL_SRC_ATTRIBUTE,
} from '~/visit/ad-tags-markup';

type Queue = ((...args: unknown[]) => void) & {
  q?: unknown[][];
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
};
type TagWindow = Window & { fbq?: Queue; _fbq?: Queue; clarity?: Queue };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** fbq as Meta's base code defines it: calls wait in a queue until fbevents.js has loaded. */
function loadMetaPixel(doc: Document, win: TagWindow, pixelId: string, src: string): Queue {
  if (win.fbq) return win.fbq;
  const queue: unknown[][] = [];
  // Once fbevents.js has loaded it sets callMethod, and calls go straight to it.
  const fbq: Queue = Object.assign(
    (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : void queue.push(args)),
    { queue, loaded: true, version: '2.0' },
  );
  Object.assign(fbq, { push: fbq });
  win.fbq = win._fbq = fbq;
  addScript(doc, src);
  fbq('init', pixelId);
  fbq('track', 'PageView');
  // The thank-you page: the lead's ID is the event's, as the server's Conversions API event's.
  const leadId = new URL(win.location.href).searchParams.get(LEAD_ID_PARAMETER);
  if (doc.querySelector(`[${LEAD_EVENT_ATTRIBUTE}]`) && leadId && uuidPattern.test(leadId))
    fbq('track', 'Lead', {}, { eventID: leadId.toLowerCase() });
  return fbq;
}

/** clarity as Microsoft's snippet defines it. */
function loadClarity(doc: Document, win: TagWindow, projectId: string, src: string): void {
  if (win.clarity) return;
  const q: unknown[][] = [];
  win.clarity = Object.assign((...args: unknown[]) => void q.push(args), { q });
  addScript(doc, `${src}${encodeURIComponent(projectId)}`);
}

/** Loads each configured tag whose category the choice allows, once per page. */
export function loadAdTags(doc: Document, win: Window, choice: ConsentChoice): void {
  const html = doc.documentElement;
  const pixelId = html.getAttribute(META_PIXEL_ATTRIBUTE);
  const pixelSrc = html.getAttribute(META_PIXEL_SRC_ATTRIBUTE);
  if (choice.marketing && pixelId && pixelSrc) loadMetaPixel(doc, win, pixelId, pixelSrc);
  const clarityId = html.getAttribute(CLARITY_ATTRIBUTE);
  const claritySrc = html.getAttribute(CLARITY_SRC_ATTRIBUTE);
  if (choice.analytics && clarityId && claritySrc) loadClarity(doc, win, clarityId, claritySrc);
}
