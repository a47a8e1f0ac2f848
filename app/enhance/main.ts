// The site's own script, on every page (docs/decisions/0007 and its speed budget): what the browser
// adds to the server-rendered HTML, in a few kB. It takes images that fail out of the page, records
// where the visit came from (once marketing is allowed), makes the menu, the language links, the
// in-page jumps, Back and the cookie banner work, and brings in the sign-up frames once the page
// has painted (once marketing is allowed); on the booking page it loads the form's script as well.
// Public pages load nothing else; sign-in and admin, which need React, load it as well.
// `data-enhanced` on <html> says that all of it is in place (the frames come later, after the
// page's load).
import { FORM_SELECTOR } from '~/ui/consultation-markup';
import {
  captureVisitAttribution,
  forgetVisitAttribution,
  keepVisitAttribution,
} from '~/visit/visit-attribution';
import { consentFromCookies, type ConsentChoice } from '~/visit/consent-cookie';
import { enhanceConsent } from './consent';
import { showTimesInOwnZone } from './booking-zone';
import { loadDeferredFrames } from './frames';
import { hideBrokenImages } from './images';
import { enhanceBackButtons, enhanceJumps, keepHashOnLinks } from './links';
import { enhanceMenu } from './menu';

hideBrokenImages(document);
showTimesInOwnZone(document, window);
const attribution = captureVisitAttribution(window);
enhanceMenu(document);
keepHashOnLinks(document, window);
enhanceJumps(document, window);
enhanceBackButtons(document, window);
loadDeferredFrames(document, window);
// Meta's pixel and Clarity (docs/decisions/0015): their chunk only where set up and once allowed.
const tags = document.documentElement.dataset;
const loadTags = (choice: ConsentChoice | undefined) => {
  if ((choice?.marketing && tags.metaPixel) || (choice?.analytics && tags.clarity))
    void import('./ad-tags').then(({ loadAdTags }) => loadAdTags(document, window, choice));
};
loadTags(consentFromCookies(document.cookie));
// On a page React renders (sign-in, an error page), the root loader's copy of the choice would go
// stale after a post without a reload: there the forms post and reload as without JavaScript.
if (!('__reactRouterContext' in window))
  enhanceConsent(document, {
    fetch: window.fetch.bind(window),
    chosen: (choice) => {
      if (choice.marketing) keepVisitAttribution();
      else forgetVisitAttribution();
      // A tag already running on the page that the choice no longer allows goes with a fresh page.
      if ((!choice.marketing && 'fbq' in window) || (!choice.analytics && 'clarity' in window))
        return window.location.reload();
      loadTags(choice);
    },
    reload: () => window.location.reload(),
  });

const enhanced = () => (document.documentElement.dataset.enhanced = '');
const consultationForm = document.querySelector<HTMLFormElement>(FORM_SELECTOR);
if (consultationForm) {
  void import('~/features/consultation/enhance-form').then(({ enhanceConsultationForm }) => {
    enhanceConsultationForm(consultationForm, {
      fetch: window.fetch.bind(window),
      navigate: (path) => window.location.assign(path),
      attribution,
    });
    enhanced();
  });
} else enhanced();
