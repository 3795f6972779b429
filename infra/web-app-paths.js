// The web app's paths on CloudFront (cloudfront-js-2.0, a viewer-request function of the
// distribution's default behaviour; tools/generators/src/web_hosting.rs puts this file in
// template.yaml). A file the build writes is asked of the bucket as it is; any other path
// is a client-side route (/locations/detail/X, /reports/checkpoints) and gets the app's
// index.html, which its router resolves, its not-found page included. The rewrite happens
// before the cache, so every route shares one cached index.html.
// Not CloudFront's error pages: those apply to every behaviour, and would turn the HTTP
// API's own 403 and 404 under /prod/* into the app's page.
// FILES: what `vite build` writes at the root (web/public and index.html) and the
// config.json that publish-web.sh adds; web/src/app/cloudfront-paths.test.ts checks the list.
var FILES = ["/index.html", "/config.json", "/returning.js", "/favicon.svg"];

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf("/assets/") === 0 || FILES.indexOf(uri) !== -1) {
    return request;
  }
  request.uri = "/index.html";
  return request;
}
