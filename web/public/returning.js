// A returning user (Amplify's token store names a last user) gets the signed-in app's modules fetched while the
// page parses, listed by the build in <template id="fleet-returning"> (vite.config.ts): the sign-in page does not
// load them (issue 44), and a returning user's first screen no longer waits for them one after another (issue 42).
// A plain script of the site's own origin (the CSP allows no inline script).
/* global document */
(function () {
  try {
    var stored = Object.keys(localStorage).some(function (key) {
      return /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/.test(key);
    });
    var links = document.getElementById('fleet-returning');
    if (stored && links) document.head.appendChild(links.content.cloneNode(true));
  } catch {
    // Storage disabled: the app loads its modules as it needs them.
  }
})();
