// The site's own script, on every page (issue 8's speed budget): what the browser adds to the
// server-rendered HTML, in a few kB. It records where the visit came from, and makes the menu,
// the language links, the in-page jumps and Back work. Most public pages load nothing else; those
// that need React (the booking form, sign-in, admin) load it as well (decision 7).
import { captureVisitAttribution } from '~/visit/visit-attribution';
import { enhanceBackButtons, enhanceJumps, keepHashOnLinks } from './links';
import { enhanceMenu } from './menu';

captureVisitAttribution(window);
enhanceMenu(document);
keepHashOnLinks(document, window);
enhanceJumps(document, window);
enhanceBackButtons(document, window);
document.documentElement.dataset.enhanced = '';
