"""browser.py STEP...: drives Debian's chromium, headless, through the
DevTools protocol on a pipe (--remote-debugging-pipe: the standard library
only, no WebDriver), one browser for every step.  Every domain name
resolves to nothing (--host-resolver-rules), and every request the page
makes is recorded: any but the page's own file fails the run.

Steps, in order:
  load=FILE[#N]  open FILE (a replay page), wait until it has loaded
  key=NAME       press a key (ArrowRight, ArrowLeft, Home, End)
  click=ID       click the button with that id
  at=N           the position shown is N, and only it
  same=FILE      the picture shown is FILE's (an SVG): the same elements,
                 attributes and texts in the same order
  setups / nosetups   the opened setups are shown / hidden
  text=WORDS     the visible text of the page holds WORDS
  site=DIR       the pages loaded next may ask for files under DIR (a site)
  errors         nothing went wrong since the last load: no console error
                 (a Content-Security-Policy violation is one), no exception,
                 no request failed or blocked
  links          every link of the page is a file under the site (site=)
                 that is there; none leads out of it
  shot=W:FILE    a screenshot at W pixels wide, as a phone (W < 600) or a
                 desktop shows it, into FILE (PNG)
  fits           the page needs no scrolling sideways at that width
Prints what failed, and exits 1; exits 0 when every step held.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

KEYS = {'ArrowRight': 39, 'ArrowLeft': 37, 'Home': 36, 'End': 35}


class Browser:
    def __init__(self):
        exe = shutil.which('chromium') or shutil.which('chromium-browser')
        if exe is None:
            sys.exit('chromium is needed for this test (CI installs it)')
        self.home = tempfile.mkdtemp(prefix='adjbrowser.')
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        # out of the way of 3 and 4, where the browser expects them
        hi = [os.dup2(fd, 100 + i) or 100 + i
              for i, fd in enumerate((to_r, from_w))]

        def fds():
            os.dup2(hi[0], 3)
            os.dup2(hi[1], 4)

        args = [exe, '--headless', '--disable-gpu',
                '--remote-debugging-pipe', '--user-data-dir=' + self.home,
                '--host-resolver-rules=MAP * ~NOTFOUND',
                '--no-first-run', '--no-default-browser-check',
                '--disable-extensions', '--disable-background-networking',
                '--disable-sync', '--disable-component-update',
                '--window-size=1000,1400', 'about:blank']
        if os.geteuid() == 0:
            args.insert(1, '--no-sandbox')
        self.proc = subprocess.Popen(args, preexec_fn=fds, pass_fds=(3, 4),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        for fd in [to_r, from_w] + hi:
            os.close(fd)
        self.w = os.fdopen(to_w, 'wb')
        self.r = os.fdopen(from_r, 'rb')
        self.buf = b''
        self.id = 0
        self.events = []
        self.reqs = []
        self.errors = []
        self.session = None
        t = self.call('Target.createTarget', {'url': 'about:blank'})
        a = self.call('Target.attachToTarget',
                      {'targetId': t['targetId'], 'flatten': True})
        self.session = a['sessionId']
        self.call('Page.enable')
        self.call('Network.enable')
        self.call('Runtime.enable')
        self.call('Log.enable')

    def read(self):
        while b'\0' not in self.buf:
            chunk = os.read(self.r.fileno(), 1 << 16)
            if not chunk:
                raise SystemExit('the browser went away')
            self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        m = json.loads(msg)
        method, p = m.get('method'), m.get('params', {})
        if method == 'Network.requestWillBeSent':
            self.reqs.append(p['request']['url'])
        elif method == 'Runtime.consoleAPICalled' and \
                p.get('type') in ('error', 'assert', 'warning'):
            self.errors.append('console: %s' % [a.get('value') for a in
                                                p.get('args', [])])
        elif method == 'Runtime.exceptionThrown':
            self.errors.append('exception: %s' % p.get('exceptionDetails'))
        elif method == 'Log.entryAdded' and \
                p['entry'].get('level') in ('error', 'warning'):
            self.errors.append('log: %s' % p['entry'].get('text'))
        elif method == 'Network.loadingFailed':
            self.errors.append('failed: %s %s' % (
                p.get('errorText'), p.get('blockedReason')))
        return m

    def call(self, method, params=None):
        self.id += 1
        msg = {'id': self.id, 'method': method, 'params': params or {}}
        if self.session is not None:
            msg['sessionId'] = self.session
        self.w.write(json.dumps(msg).encode() + b'\0')
        self.w.flush()
        while True:
            m = self.read()
            if m.get('id') == self.id:
                if 'error' in m:
                    raise SystemExit('%s: %s' % (method, m['error']))
                return m.get('result', {})
            self.events.append(m)

    def wait(self, method, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            for i, m in enumerate(self.events):
                if m.get('method') == method:
                    del self.events[:i + 1]
                    return m
            self.events.append(self.read())
        raise SystemExit('no %s in %ds' % (method, timeout))

    def js(self, expr):
        r = self.call('Runtime.evaluate', {'expression': expr,
                                          'returnByValue': True})
        if 'exceptionDetails' in r:
            raise SystemExit('%s: %s' % (expr, r['exceptionDetails']))
        return r['result'].get('value')

    def close(self):
        try:
            self.session = None
            self.call('Browser.close')
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.home, ignore_errors=True)


def canon(text):
    """An SVG as a list of (tag, attributes, text), namespaces dropped."""
    root = ET.fromstring(text)
    out = []
    for el in root.iter():
        tag = el.tag.split('}')[-1]
        attrs = sorted((k.split('}')[-1], v) for k, v in el.attrib.items())
        out.append((tag, attrs, (el.text or '').strip()))
    return out


def main():
    b = Browser()
    problems = []
    page = None
    site = None
    try:
        for step in sys.argv[1:]:
            name, _, arg = step.partition('=')
            if name == 'load':
                path, _, frag = arg.partition('#')
                page = 'file://' + os.path.abspath(path)
                # from a blank page, so that a fragment is a new load
                b.events = []
                b.call('Page.navigate', {'url': 'about:blank'})
                b.wait('Page.loadEventFired')
                b.events = []
                b.reqs = []
                b.errors = []
                b.call('Page.navigate', {'url': page + ('#' + frag
                                                         if frag else '')})
                b.wait('Page.loadEventFired')
                others = [u for u in b.reqs
                          if u.split('#')[0] != page and
                          not (site and u.startswith(site))]
                if others:
                    problems.append('%s: the page asked for %s' %
                                    (step, others[:5]))
            elif name == 'key':
                for kind in ('keyDown', 'keyUp'):
                    b.call('Input.dispatchKeyEvent', {
                        'type': kind, 'key': arg, 'code': arg,
                        'windowsVirtualKeyCode': KEYS[arg]})
            elif name == 'click':
                b.js('document.getElementById(%s).click()' % json.dumps(arg))
            elif name == 'at':
                on = b.js("[].map.call(document.querySelectorAll('.pos'),"
                          "function(p){return getComputedStyle(p).display"
                          "!=='none'?p.id:null}).filter(Boolean)")
                if on != ['e' + arg]:
                    problems.append('%s: the page shows %s' % (step, on))
                hash_ = b.js('location.hash')
                if hash_ != '#' + arg:
                    problems.append('%s: the address ends in %s' %
                                    (step, hash_))
            elif name == 'same':
                shown = b.js("(function(){var p=document.querySelector("
                             "'.pos.on');return p&&p.querySelector('svg')"
                             ".outerHTML;})()")
                want = open(arg, encoding='utf-8').read()
                if shown is None or canon(shown) != canon(want):
                    problems.append('%s: the picture shown differs' % step)
            elif name in ('setups', 'nosetups'):
                vis = b.js("(function(){var s=document.getElementById("
                           "'setups');return !!s&&getComputedStyle(s)"
                           ".display!=='none';})()")
                if vis != (name == 'setups'):
                    problems.append('%s: setups shown: %s' % (step, vis))
            elif name == 'text':
                body = b.js('document.body.innerText')
                if arg not in body:
                    problems.append('%s: not on the page' % step)
            elif name == 'site':
                site = 'file://' + os.path.abspath(arg) + '/'
            elif name == 'errors':
                # what the page did once loaded, too
                b.js('1')
                problems.extend('%s: %s' % (page, x) for x in b.errors)
            elif name == 'links':
                hrefs = b.js("[].map.call(document.querySelectorAll("
                             "'a[href],link[href]'),function(a){"
                             "return a.href})")
                for h in hrefs:
                    f = h.split('#')[0]
                    if site is None or not f.startswith(site):
                        problems.append('%s: a link out: %s' % (page, h))
                    elif not os.path.isfile(f[len('file://'):]):
                        problems.append('%s: %s is not there' % (page, h))
            elif name == 'shot':
                w, _, out = arg.partition(':')
                b.call('Emulation.setDeviceMetricsOverride', {
                    'width': int(w), 'height': 900, 'deviceScaleFactor': 1,
                    'mobile': int(w) < 600})
                shot = b.call('Page.captureScreenshot', {'format': 'png'})
                with open(out, 'wb') as f:
                    f.write(__import__('base64').b64decode(shot['data']))
            elif name == 'fits':
                over = b.js('document.documentElement.scrollWidth - '
                            'document.documentElement.clientWidth')
                if over > 0:
                    problems.append('%s: %dpx wider than the screen' %
                                    (page, over))
            else:
                problems.append('unknown step %s' % step)
    finally:
        b.close()
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


main()
