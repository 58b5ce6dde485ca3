/**
 * Markup that tries to run script in every way a sanitiser must stop; each sets window.__xss when it
 * runs, so the browser test can tell that none did.
 */
export const XSS_CORPUS = [
  "<script>window.__xss=1</script>",
  "<img src=x onerror='window.__xss=1'>",
  "<svg onload='window.__xss=1'><circle/></svg>",
  "<svg><script>window.__xss=1</script></svg>",
  "<a href='javascript:window.__xss=1'>j</a>",
  "<a href='JaVaScRiPt&colon;window.__xss=1'>j2</a>",
  "<a href=' javascript:window.__xss=1'>j3</a>",
  "<a href='data:text/html,<script>window.__xss=1</script>'>d</a>",
  "<b onmouseover='window.__xss=1' style='x:expression(window.__xss=1)'>b</b>",
  "<div style='background:url(javascript:window.__xss=1)'>css</div>",
  "<style>*{background:url('javascript:window.__xss=1')}</style>",
  "<iframe src='javascript:window.__xss=1'></iframe>",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  "<form><button formaction='javascript:window.__xss=1'>f</button></form>",
  "<p><a href='https://example.com/ok'>ok</a></p>",
];
