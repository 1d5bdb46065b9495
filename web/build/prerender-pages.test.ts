import { describe, expect, it } from 'vitest';
import { cssOfPage, type Manifest, moveInlineStyles, pageHtml } from './prerender-pages.ts';

const TEMPLATE = `<!doctype html>
<html lang="en" data-theme="day">
  <head>
    <style>.app-splash{}</style>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <script>(function preloadAtStart(data){})({"f":[]},location.pathname,localStorage,document)</script>
  </head>
  <body>
    <div id="root">
      <div class="app-splash" data-splash aria-busy="true"><svg></svg></div>
    </div>
    <noscript>Bourse needs JavaScript to run.</noscript>
  </body>
</html>`;

describe('a prerendered page', () => {
  const html = pageHtml(TEMPLATE, {
    markup: '<main><h1>Anmelden</h1></main>',
    path: '/user/settings',
    language: 'jp',
    viewer: 'user',
    css: 'h1{color:red}',
    stylesheets: ['/assets/index.css', '/assets/login.css'],
  });

  it('holds the screen in #root in place of the splash, marked with its language, viewer and path, inert', () => {
    expect(html).toContain(
      '<div id="root" data-prerendered="jp" data-viewer="user" data-path="/user/settings" inert><main><h1>Anmelden</h1></main></div>\n    <noscript>',
    );
    expect(html).not.toContain('data-splash');
  });

  it('names its language in <html lang>, as the protocol tags it, keeping the theme', () => {
    expect(html).toContain('<html lang="ja" data-theme="day">');
  });

  it("inlines the route's CSS where the render-blocking stylesheet was, and keeps the rest", () => {
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    // each sheet it holds named by a link the browser does not fetch, the app does not add again
    expect(html).toContain(
      '<style>h1{color:red}</style>\n    <link rel="stylesheet" crossorigin href="/assets/index.css" disabled>\n    <link rel="stylesheet" crossorigin href="/assets/login.css" disabled>',
    );
    expect(html.indexOf('h1{color:red}')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<style>.app-splash{}</style>');
  });

  it('starts its scripts only after its first frame: no script or preload in the markup', () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const loader = /<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('(function preloadAtStart(data){})({"f":[]}');
    expect(loader).toContain('["/assets/framework.js"]');
    expect(loader).toContain('script.src="/assets/index.js"');
    expect(loader).toMatch(
      /requestAnimationFrame\(function\(\)\{requestAnimationFrame\(start\)\}\);setTimeout\(start,300\)/,
    );
  });

  it('is refused from an index.html with no #root splash or no stylesheet to inline', () => {
    const page = {
      markup: '',
      path: '/',
      language: 'en' as const,
      viewer: 'guest' as const,
      css: '',
      stylesheets: [],
    };
    expect(() => pageHtml(TEMPLATE.replace('id="root"', 'id="app"'), page)).toThrow(/#root/);
    expect(() => pageHtml(TEMPLATE, { ...page, path: '/a"b' })).toThrow(/plain path/);
    expect(() => pageHtml(TEMPLATE.replace('type="module"', 'type="x"'), page)).toThrow(/entry/);
    expect(() => pageHtml(TEMPLATE.replace('rel="stylesheet"', 'rel="preload"'), page)).toThrow(
      /stylesheet/,
    );
  });

  it('keeps a replacement pattern in the markup or the CSS as it is', () => {
    const odd = pageHtml(TEMPLATE, {
      markup: "<p>$& $' $1</p>",
      path: '/',
      language: 'en',
      viewer: 'guest',
      css: 'a::after{content:"$&"}',
      stylesheets: [],
    });
    expect(odd).toContain("<p>$& $' $1</p>");
    expect(odd).toContain('content:"$&"');
  });
});

describe("a page's CSS", () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      imports: ['_framework.js'],
      css: ['assets/index.css'],
    },
    '_framework.js': { file: 'assets/framework.js' },
    '_forms.js': { file: 'assets/forms.js', imports: ['index.html'], css: ['assets/forms.css'] },
    '_kit.js': { file: 'assets/kit.js', imports: ['_forms.js'], css: ['assets/kit.css'] },
    'src/pages/login/index.ts': {
      file: 'assets/login.js',
      imports: ['_kit.js', '_forms.js', 'index.html'],
      css: ['assets/login.css'],
    },
  };

  it("is the entry's, then each imported chunk's before the page's own, each once", () => {
    expect(cssOfPage(manifest, 'src/pages/login/index.ts')).toEqual([
      'assets/index.css',
      'assets/forms.css',
      'assets/kit.css',
      'assets/login.css',
    ]);
  });

  it('fails the build for a page the manifest does not have', () => {
    expect(() => cssOfPage(manifest, 'src/pages/gone/index.ts')).toThrow(/gone/);
  });
});

describe("a screen's inline styles", () => {
  it('move to data-s, each with a rule that gives it the same declarations', () => {
    const rules = new Map<string, string>();
    const markup = moveInlineStyles(
      '<p style="width:30px;height:30px">a</p><i style="font-family:&quot;Inter&quot;, sans-serif"></i><b style="width:30px;height:30px"></b>',
      rules,
    );
    expect(markup).toBe(
      '<p data-s="width:30px;height:30px">a</p><i data-s="font-family:&quot;Inter&quot;, sans-serif"></i><b data-s="width:30px;height:30px"></b>',
    );
    expect([...rules.values()]).toEqual([
      '[data-s="width:30px;height:30px"]{width:30px;height:30px}',
      '[data-s="font-family:\\"Inter\\", sans-serif"]{font-family:"Inter", sans-serif}',
    ]);
  });

  it('leaves text that only reads like a style alone', () => {
    const rules = new Map<string, string>();
    expect(moveInlineStyles('<p>style=&quot;x&quot;</p>', rules)).toBe(
      '<p>style=&quot;x&quot;</p>',
    );
    expect(rules.size).toBe(0);
  });

  it('refuses a value that could end its rule', () => {
    expect(() => moveInlineStyles('<p style="a:b}c{d:e"></p>', new Map())).toThrow(/will not move/);
  });
});
