-- Demo content for the blog: loaded on first start (set SEED_DEMO=false to skip it)
-- and by `supabase db reset`. Idempotent: posts whose slug already exists are left untouched.

-- English ---------------------------------------------------------------------------------

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'google-business-profile-30-minute-tune-up',
  'Google Business Profile: The 30-Minute Tune-Up That Brings In Calls',
  'For most local businesses the map listing brings in more calls than the website. Here is the checklist we use to get a Google Business Profile into shape in one sitting.',
  $md$When someone nearby searches "emergency electrician" or "hair salon near me", the first thing they usually see isn't your website. It's the map and the three business listings under it. Those listings come from your Google Business Profile, and it's free. Most local businesses set it up once and never touch it again. That's good news for you: a half-hour tune-up is often enough to move ahead of competitors who did exactly that.

## Why it matters

Your profile is where people call you, ask for directions and read your reviews *without ever visiting your website*. For a tradesperson it is often the single biggest source of phone calls. Google ranks local listings on three things: **relevance** (does your profile match the search?), **distance** and **prominence** (how well known and well reviewed you are). You can't move your workshop, but you can work on the other two.

## The checklist

This is the list we run through with every new client. Tick off what you've already done:

- [x] Claim and verify the profile
- [x] Add your phone number and website
- [ ] Pick the most specific **primary category** ("Electrician", not "Contractor")
- [ ] Add secondary categories only for work you actually want more of
- [ ] List your services, each with a short description and, where you can, a price range
- [ ] Set your service area to the towns you really travel to
- [ ] Add special opening hours before every public holiday
- [ ] Upload at least 10 real photos: your van, your team, finished jobs
- [ ] Reply to every review, good or bad

## Don't stuff your business name

It's tempting to turn ~~"Smith Electrical"~~ into ~~"Smith Electrical - Best 24/7 Electrician Leeds"~~. Don't. Your name on Google should match the one on your sign, your van and your invoices. Keyword-stuffed names get reported by competitors and can get the whole profile suspended. Keep the name honest and put your keywords where they belong: in the description, the services and your replies to reviews.

## Photos beat words

People choosing a tradesperson want proof. A before-and-after photo of a bathroom you tiled says more than "high-quality workmanship" ever will. Add a few new photos every month; it also shows that the business is active.

> A profile with recent photos and recent reviews tells a customer "these people are open, busy and trusted" before they've read a single word.

## Write the description for what customers search

You have 750 characters. Start with what you do and where, in plain language: *"Family-run electricians covering Leeds, Wakefield and Harrogate. Rewires, fuse box upgrades, EV charger installation and emergency call-outs."* Skip the mission statement.

## Keep it alive

1. Every week: reply to new reviews.
2. Every month: add photos and check your opening hours.
3. Every quarter: compare your categories and services with what you want to sell.

Before you change anything, read Google's [guidelines for representing your business](https://support.google.com/business/answer/3038177). Ten minutes well spent.
$md$,
  'Nordic Lead Agency Team',
  true,
  'english',
  '2026-10-06 08:00:00+00',
  '2026-10-06 08:00:00+00',
  '2026-10-06 08:00:00+00'
)
on conflict (slug) do nothing;

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'local-search-ads-negative-keywords-call-assets',
  'Local Search Ads: Stop Paying for the Wrong Clicks',
  'Negative keywords, call assets and one overlooked location setting stop most of the wasted spend in a local Google Ads account. Here is how to set them up.',
  $md$Search ads are the fastest way for a local business to get the phone ringing, because your ad appears at the exact moment someone types "boiler repair near me". They are also the fastest way to burn money. In many accounts we audit, a surprising share of the budget goes on searches that were never going to become customers. Three settings fix most of it.

## 1. Negative keywords: tell Google who you don't want

A negative keyword stops your ad from showing when a search contains that word. If you're a plumber, you don't want to pay for people looking for a plumbing job or a how-to video.

Start with a shared list like this one and add to it every week:

| Negative keywords | What they filter out |
|---|---|
| job, jobs, salary, apprenticeship | People looking for work, not for a tradesperson |
| course, training, qualification | People who want to learn the trade |
| diy, how to, video, youtube | People planning to do it themselves |
| wholesale, parts, spares | People buying materials, not labour |
| manual, diagram | People looking up a product, not a service |

Be careful with **"free"**. It blocks "free quote", which is often your best search of all.

### Find new ones in the search terms report

1. In Google Ads, open **Insights and reports → Search terms**.
2. Sort by cost and read the top 50 searches.
3. Add anything irrelevant as a negative, either to the campaign or to a shared negative keyword list.
4. Repeat every week for the first month, then once a month.

One catch: negative keywords *don't* match close variants, so add plurals and common misspellings yourself ("job" **and** "jobs").

## 2. Call assets: let people ring you from the ad

Most people who need a tradesperson would rather call than fill in a form, especially on a phone. A call asset (formerly a *call extension*) adds your number and a call button to the ad.

- **Schedule it** to show only when someone can actually answer. A missed call from an ad is a paid lead you may never get back.
- **Turn on call reporting** where it's available, so calls are counted as conversions. Then you can see which keywords bring calls, not just clicks.
- **Count only calls that last 60 seconds or more**, so wrong numbers and hang-ups don't flatter the results.

## 3. Location "presence", not "interest"

Under the campaign's location options, choose *Presence: people in or regularly in your targeted locations*. The default also includes people who are merely *interested* in your area, which is how a roofer in Bristol ends up paying for clicks from someone on holiday in Spain.

> Fewer, better clicks beat more clicks. Judge the account on cost per booked job, not cost per click.

Google explains the match types for negatives, and why close variants aren't covered, in its help article on [negative keywords](https://support.google.com/google-ads/answer/2453972).
$md$,
  'Nordic Lead Agency Team',
  true,
  'english',
  '2026-10-20 08:00:00+00',
  '2026-10-20 08:00:00+00',
  '2026-10-20 08:00:00+00'
)
on conflict (slug) do nothing;

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'meta-lead-forms-vs-landing-pages',
  'Meta Ads for Service Businesses: Lead Forms or Landing Pages?',
  'Instant forms on Facebook and Instagram bring cheap leads; landing pages bring fewer, warmer ones. A side-by-side comparison and a simple rule for choosing.',
  $md$If you run Facebook and Instagram ads for a service business, you'll soon face one question: should people fill in a form *inside* the ad (Meta's instant forms, used by lead ads), or click through to a landing page on your website? Both work. They just produce different leads.

## The short comparison

| | Instant form (lead ad) | Landing page |
|---|---|---|
| Cost per lead | Usually lower | Usually higher |
| Lead quality | Mixed; easy to send without thinking | Higher; people chose to click and read |
| Effort for the visitor | A few taps, details pre-filled | Wait for a page, type details |
| Setup | Build the form in Ads Manager | Page, form, Meta Pixel and Conversions API |
| Room to convince | A short intro and a few questions | As much as you need: photos, reviews, FAQ |
| Best for | Quick quotes, simple offers | Bigger jobs, considered purchases |

## When instant forms win

Instant forms shine when the offer is simple and the customer already knows they need it: a boiler service, a window cleaning price, a spring garden tidy-up. Because Meta pre-fills name, email and phone number, people finish in seconds, and that keeps the cost per lead down.

The trade-off is quality. Some people tap through without really reading. Three settings help:

1. **Choose "Higher intent"** as the form type. It adds a review screen where people confirm their details before sending.
2. **Add one or two qualifying questions**, such as postcode and "When do you need the job done?". Multiple-choice answers keep it quick.
3. **Call within five minutes.** A form lead goes cold fast, so connect the form to your CRM or inbox and get notified straight away.

## When landing pages win

If a job is worth thousands (a new kitchen, a roof, a solar installation), people want to look around before handing over their number. A landing page lets you show finished work, reviews and a realistic price range, so the people who do fill in the form have already half decided. You'll pay more per lead, but often less per *sale*.

A landing page only pays off if it's fast and focused:

- one offer and one form
- no menu to wander off through
- a phone number that can be tapped on mobile
- a real photo of you or your team above the form

## Our rule of thumb

> Start with an instant form for small, quick jobs and a landing page for big ones. Then let the cost per **booked job**, not the cost per lead, decide.

If you're unsure, run both for two to three weeks with the same budget and the same creative, then compare:

- cost per lead
- the share of leads you actually reached
- cost per booked job

Meta documents the form types, including higher intent, in the [Meta Business Help Center](https://www.facebook.com/business/help).
$md$,
  'Nordic Lead Agency Team',
  true,
  'english',
  '2026-11-03 08:00:00+00',
  '2026-11-03 08:00:00+00',
  '2026-11-03 08:00:00+00'
)
on conflict (slug) do nothing;

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'three-email-welcome-sequence',
  'The 3-Email Welcome Sequence That Turns Sign-Ups Into Booked Jobs',
  'A new subscriber remembers you for a few days at most. Three short, automatic emails turn that attention into a conversation and a booking.',
  $md$Someone has just downloaded your price guide or joined your newsletter. Right now they remember who you are; in a week they won't. A short, automatic welcome sequence makes the most of that moment. You write it once, and it works for you every day.

Here's the three-email sequence we set up for local service businesses. Keep each email short enough to read on a phone in under a minute.

## Email 1: Deliver and set expectations (immediately)

Send it the moment someone signs up.

- **Subject:** *Here's your guide (and what happens next)*
- Deliver what you promised: the download link, the discount code, the checklist.
- Say who you are in two sentences. A real name and a photo beat a logo.
- Tell them what to expect: "One short tip a week, no spam."
- Ask one easy question: *"What's the job you're planning this year? Just hit reply."*

Replies are gold. They start a conversation, and they tell inbox providers that your emails are wanted.

## Email 2: Proof (day 2)

Now show that you get results for people like them.

- **Subject:** *How we fixed Anna's damp basement in two days*
- Tell one short customer story: the problem, what you did, the result.
- Add a photo and a line from a real review.
- Finish with a soft link: "See more of our work."

*Don't* list every service you offer. One story sticks; a brochure doesn't.

## Email 3: The offer (day 4 or 5)

Time to ask.

- **Subject:** *Want a free quote before the winter rush?*
- Make one clear offer with a reason to act now: a free site visit, a seasonal check, the last booking slots this month.
- One button, one action: **Book your free quote**.
- Add a P.S. with your phone number. Plenty of people would rather call.

## Five rules that make it work

1. **Send from a person**, not from "noreply". *Erik at Nordic Roofing* gets opened.
2. **Write like you talk.** If you wouldn't say it on a customer's doorstep, cut it.
3. **One email, one goal.** Each message gets exactly one link or action.
4. **Stop the sequence when someone books.** Nothing kills trust like a "still thinking about it?" email after they've paid a deposit.
5. **Check the numbers after a month.** Opens tell you whether the subject line works; replies and bookings tell you whether the email does.

> A welcome sequence isn't a newsletter. It's a handshake, a reference and an invitation, in that order.

After the third email, move people on to your regular newsletter. If they haven't booked yet, that's fine: you'll be the name they remember when the job can't wait any longer.
$md$,
  'Nordic Lead Agency Team',
  true,
  'english',
  '2026-11-17 08:00:00+00',
  '2026-11-17 08:00:00+00',
  '2026-11-17 08:00:00+00'
)
on conflict (slug) do nothing;

-- Swedish ---------------------------------------------------------------------------------

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'fler-google-recensioner-utan-att-tjata',
  'Så får du fler recensioner på Google – utan att tjata',
  'De flesta nöjda kunder lämnar gärna ett omdöme, men bara om du frågar vid rätt tillfälle och gör det enkelt. Här är rutinen som ger en ny recension i veckan.',
  $md$Du vet redan att recensioner spelar roll. När någon googlar "elektriker Uppsala" jämför de stjärnorna innan de ens klickar in på din hemsida. Ändå har många hantverkare och lokala företag bara en handfull omdömen. Inte för att kunderna är missnöjda, utan för att ingen har bett dem.

Den goda nyheten är att det oftast räcker med en enkel rutin.

## Fråga i rätt ögonblick

Det bästa tillfället är när kunden är som nöjdast: när du lämnar över nycklarna, har städat efter dig och kunden säger "vad fint det blev!". Då känns det naturligt att fråga, och de allra flesta säger ja.

> "Vad roligt att du är nöjd! Vi är ett litet företag och lever på rekommendationer. Får jag skicka en länk så att du kan lämna ett omdöme på Google? Det tar en minut."

Vänta inte tills fakturan är betald och jobbet är bortglömt. Ju längre tid som går, desto mindre blir chansen.

## Gör det så enkelt som möjligt

Ingen orkar leta upp ditt företag på Google Maps och hitta rätt knapp. Skicka länken direkt.

1. I din företagsprofil på Google finns en funktion för att be om recensioner. Där får du en färdig länk som öppnar recensionsrutan direkt.
2. Spara ett färdigt sms med länken i mobilen, så att du kan skicka det samma minut som du har frågat.
3. Gör en QR-kod av länken och sätt den på fakturan, offerten och visitkortet.

Sms fungerar oftast bättre än mejl eftersom det blir läst direkt. Till exempel:

*Hej Maria! Tack för i dag, hoppas du blir nöjd med det nya badrummet. Har du en minut över blir vi jätteglada för ett omdöme här: [länk] /Johan, Nordbygg*

## Det här ska du låta bli

Googles regler är tydliga, och den som bryter mot dem riskerar att få recensioner borttagna:

- **Erbjud inga belöningar.** Rabatt, presentkort eller utlottning i utbyte mot en recension är inte tillåtet.
- **Välj inte ut bara de nöjda.** Att bara fråga kunder som du vet är positiva strider mot reglerna. Fråga alla.
- **Skriv inga recensioner själv**, och be inte släkt och vänner att göra det. Falska omdömen är dessutom förbjudna enligt marknadsföringslagen.

## Svara på varje recension

Svara på alla recensioner, även de korta. Tacka, nämn gärna vilket jobb det gällde ("Kul att du gillar det nya altandäcket!") och håll tonen personlig. Får du en negativ recension: svara lugnt och sakligt, be om ursäkt för det som gått fel och erbjud dig att lösa det. Den som läser ditt svar är inte bara den missnöjda kunden, utan *alla dina framtida kunder*.

## Gör det till en vana

En recension i veckan blir över femtio på ett år, och det räcker för att gå förbi de flesta konkurrenter på orten. Skriv in **"be om recension"** som sista punkt på checklistan för varje avslutat jobb, så sköter det sig självt.

Mer om hur du hanterar recensioner finns i [Googles hjälpcenter för företagsprofiler](https://support.google.com/business/).
$md$,
  'Teamet på Nordic Lead Agency',
  true,
  'swedish',
  '2026-10-13 08:00:00+00',
  '2026-10-13 08:00:00+00',
  '2026-10-13 08:00:00+00'
)
on conflict (slug) do nothing;

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'facebookannonser-for-hantverkare',
  'Facebookannonser för hantverkare: visa jobbet, inte loggan',
  'Riktiga bilder, ett konkret erbjudande och rätt område. Så gör du Facebook- och Instagramannonser som ger förfrågningar i stället för gilla-markeringar.',
  $md$Många hantverkare har testat att "boosta" ett inlägg på Facebook, fått några gilla-markeringar och dragit slutsatsen att Facebook inte funkar för dem. Men det är sällan plattformen som är problemet. Det är annonsen.

Ingen scrollar på Facebook för att hitta en snickare. Annonsen måste alltså få tummen att stanna *och* få personen att tänka "det där behöver vi också". Så här gör du.

## 1. Visa riktiga jobb

Den bästa annonsbilden har du redan i mobilen. En före- och efterbild på ett badrum, en nylagd altan eller ett omlagt tak slår alla bildbanksfoton. En kort film där du går runt och visar jobbet fungerar ännu bättre. Den behöver inte vara snyggt redigerad, bara ljus och stadig.

Undvik loggan som huvudbild. Ingen har någonsin ringt en hantverkare för att loggan var fin.

## 2. Ett erbjudande, inte en presentation

"Vi utför alla typer av bygg- och renoveringsuppdrag" säger ingenting. Var konkret:

- **Vad?** "Badrumsrenovering i Västerås med start i januari"
- **Varför nu?** "Tre lediga projektstarter kvar i vinter"
- **Vad kostar det?** Skriv gärna ett ungefärligt pris *efter ROT-avdrag*. Det är ju det kunden egentligen undrar.
- **Vad ska jag göra?** "Boka ett kostnadsfritt hembesök"

## 3. Annonsera där du faktiskt vill åka

Rikta annonsen mot området runt orten där du jobbar, till exempel två–tre mil. Det är frestande att ta med hela länet, men då betalar du för visningar hos folk som du ändå inte vill köra till.

## 4. Välj rätt annonsformat

| Format | Passar bäst för | Tänk på |
|---|---|---|
| Bild före/efter | Badrum, kök, fasad, trädgård | Samma vinkel på båda bilderna |
| Kort video, 15–30 sekunder | Större projekt, att visa hantverket | Text i bild, många tittar utan ljud |
| Karusell | Flera jobb, eller ett projekt steg för steg | Första bilden måste sälja |
| Formulärannons | Enkla offertförfrågningar | Fråga efter ort och önskad tidsplan |

## 5. Ge annonsen tid

> Döm inte en ny annons efter två dagar. Meta behöver ungefär en vecka och en del resultat för att lära sig vem som svarar. Ändrar du hela tiden börjar inlärningen om från noll.

Hellre en bra annons med riktiga bilder som får gå en månad än fem halvbra som byts ut varje vecka.

## 6. Mät rätt sak

Gilla-markeringar betalar inga löner. Titta i stället på:

1. kostnaden per förfrågan
2. hur många av förfrågningarna du faktiskt fick tag på
3. hur många som blev ett bokat jobb

Och ring upp samma dag. Den som fyllde i formuläret en tisdagskväll har ofta frågat två andra firmor också.

Hur du ställer in målgrupper och formulärannonser beskriver Meta i [Metas hjälpcenter för företag](https://www.facebook.com/business/help).
$md$,
  'Teamet på Nordic Lead Agency',
  true,
  'swedish',
  '2026-10-27 08:00:00+00',
  '2026-10-27 08:00:00+00',
  '2026-10-27 08:00:00+00'
)
on conflict (slug) do nothing;

insert into public.blog_posts
  (slug, title, summary, content, author, is_published, language, published_date, created_at, updated_at)
values (
  'svara-snabbt-pa-forfragningar',
  'Svara snabbt – den billigaste marknadsföringen du har',
  'Du kan köpa hur många förfrågningar som helst, men det är oftast den som hör av sig först som får jobbet. Så bygger du en rutin för att svara inom minuter i stället för dagar.',
  $md$Vi ser det hos nästan varje ny kund: annonserna fungerar, förfrågningarna trillar in, men en stor del blir aldrig några jobb. Inte för att priset var fel, utan för att någon annan hann före.

Den som skickar en förfrågan till dig har ofta skickat samma fråga till två eller tre andra. Den som hör av sig först har ett rejält försprång: kunden har fortfarande problemet färskt i minnet, och du blir den som sätter ribban för alla andra offerter.

## Hur snabbt är snabbt nog?

| Kanal | Sikta på att svara inom | Så här |
|---|---|---|
| Missat samtal | 15 minuter | Ring tillbaka, eller skicka ett sms direkt om du står på en stege |
| Formulär på hemsidan | 1 timme | Ring först, mejla om du inte får svar |
| Formulärannons på Facebook eller Instagram | 1 timme | Som ovan, kunden minns dig inte länge |
| Mejl, Messenger och Instagram | Samma arbetsdag | Ett kort svar med förslag på tid |

## Ett autosvar köper dig tid

Du kan inte svara mitt i ett jobb, och det behöver du inte heller. Ställ in ett automatiskt sms eller mejl som går ut direkt när en förfrågan kommer in:

*Hej! Tack för din förfrågan. Jag är ute på ett jobb just nu men ringer dig senast kl. 17 i dag. /Sara, Elfirman i Örebro*

Det tar tio sekunder att läsa och säger tre saker: vi har fått den, vi är seriösa och du vet när vi hör av oss. Sedan gäller det förstås att hålla vad du lovar.

## Så bygger du rutinen

1. **Samla allt på ett ställe.** Se till att förfrågningar från hemsidan, annonserna och mejlen hamnar i samma inkorg eller app, och att det plingar i mobilen.
2. **Bestäm vem som svarar.** "Den som ser den först" betyder i praktiken ingen. Utse en person per dag, eller turas om.
3. **Ha färdiga mallar.** Ett sms för missade samtal, ett för formulär och ett för när du behöver bilder på jobbet.
4. **Boka två fasta tider om dagen**, till exempel vid lunch och klockan 16, för att ringa tillbaka alla som väntar.
5. **Följ upp den som inte svarar.** Ett samtal, ett sms dagen efter och ett mejl efter tre dagar. Många blir kunder först på andra eller tredje försöket.

## Vad du säger när du ringer

Ha inte bråttom att ge ett pris. Fråga först:

- Vad är det som ska göras, och varför just nu?
- När vill du att det ska vara klart?
- Har du hunnit få in andra offerter?

Avsluta alltid med ett konkret nästa steg: ett hembesök, ett videosamtal eller en offert med datum.

> Snabbhet kostar ingenting, men den är ofta den enda skillnaden mellan dig och konkurrenten som fick jobbet.

Räkna gärna på det. Om du i dag får jobbet i var fjärde förfrågan och kommer upp i var tredje bara genom att svara snabbare, har du ökat omsättningen med en tredjedel utan att lägga en krona mer på annonser.
$md$,
  'Teamet på Nordic Lead Agency',
  true,
  'swedish',
  '2026-11-10 08:00:00+00',
  '2026-11-10 08:00:00+00',
  '2026-11-10 08:00:00+00'
)
on conflict (slug) do nothing;
