// Runs while the page parses, before the app's own script (a plain script of the site's own origin: the CSP allows
// no inline script).
// - Everyone: /config.json is asked for now, not after the app's script has loaded and run (issue 63); src/config.ts
//   takes this request instead of making its own.
// - A returning user (Amplify's token store names a last user) gets the signed-in app's modules fetched, listed by
//   the build in <template id="fleet-returning"> (vite.config.ts): the sign-in page does not load them (issue 44),
//   and a returning user's first screen no longer waits for them one after another (issue 42). With them, the
//   modules of the screen at this path (the build's <script id="fleet-screens">, issue 63).
/* global document, window, location */
(function () {
  try {
    window.fleetConfigRequest = fetch('/config.json', { cache: 'no-store' });
    // An unread failure is src/config.ts's to report; never an unhandled rejection here.
    window.fleetConfigRequest.catch(function () {});
  } catch {
    // No fetch: src/config.ts asks itself.
  }
  try {
    var stored = Object.keys(localStorage).some(function (key) {
      return /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/.test(key);
    });
    var links = document.getElementById('fleet-returning');
    if (!stored || !links) return;
    document.head.appendChild(links.content.cloneNode(true));
    var screens = JSON.parse(document.getElementById('fleet-screens').textContent);
    // As the router matches: without case, a trailing slash ignored, `/*` for the paths below.
    var path = location.pathname.toLowerCase().replace(/(.)\/+$/, '$1');
    var files = null;
    Object.keys(screens.routes).forEach(function (route) {
      var r = route.toLowerCase();
      var below = r.slice(-2) === '/*' && path.indexOf(r.slice(0, -1)) === 0;
      if (r === path || (below && files === null)) files = screens.routes[route];
    });
    (files || []).forEach(function (index) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = '/' + screens.files[index];
      link.setAttribute('data-returning', '');
      document.head.appendChild(link);
    });
  } catch {
    // Storage disabled or no list: the app loads its modules as it needs them.
  }
})();
