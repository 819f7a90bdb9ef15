"""svgcheck.py FILE [CHECK...]: every SVG picture in FILE (a picture, or
the replay page and its inline pictures) parses as XML and draws nothing
outside its canvas (the viewBox, which the width and height repeat).

A text's width is taken at 0.6 em a character, a fair average for
sans-serif; a text's height from its baseline up one em and down a third.

Checks on the last picture in FILE (or every picture with "all:"):
  title=WORDS    the <title> and the title line hold WORDS
  last           a square is marked as the last action (class "last")
  nolast         none is
  class=NAME~RE  a text of class NAME matches the regular expression RE
  noclass=NAME   no text of class NAME
  pieces=N       N pieces (discs with a label) on and off the board
  marked=SQ,SQ   exactly these squares are marked as the last action
Prints one line per problem, and exits 1 if there is any.
"""
import re
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
problems = []


def num(el, name, default=0.0):
    v = el.get(name)
    return float(v) if v is not None else default


def font_size(el, parents):
    for e in [el] + parents:
        if e.get('font-size') is not None:
            return float(e.get('font-size'))
    return 16.0


def path_extent(d):
    x = y = 0.0
    pts = []
    for cmd, args in re.findall(r'([MmHhVvLlZz])([^MmHhVvLlZz]*)', d):
        a = [float(t) for t in re.findall(r'-?[0-9.]+', args)]
        if cmd == 'M' or cmd == 'L':
            x, y = a[0], a[1]
        elif cmd == 'm' or cmd == 'l':
            x, y = x + a[0], y + a[1]
        elif cmd == 'h':
            x += a[0]
        elif cmd == 'H':
            x = a[0]
        elif cmd == 'v':
            y += a[0]
        elif cmd == 'V':
            y = a[0]
        pts.append((x, y))
    return pts


def boxes(root):
    """(what, x0, y0, x1, y1) of every drawn element."""
    out = []

    def walk(el, parents):
        tag = el.tag.replace(NS, '')
        if tag == 'rect':
            x, y = num(el, 'x'), num(el, 'y')
            w, h = num(el, 'width'), num(el, 'height')
            sw = num(el, 'stroke-width', 1) / 2 if el.get('stroke') else 0
            out.append(('rect', x - sw, y - sw, x + w + sw, y + h + sw))
        elif tag == 'circle':
            cx, cy, r = num(el, 'cx'), num(el, 'cy'), num(el, 'r')
            out.append(('circle', cx - r - 1, cy - r - 1, cx + r + 1,
                        cy + r + 1))
        elif tag == 'text':
            size = font_size(el, parents)
            w = 0.6 * size * len(el.text or '')
            x, y = num(el, 'x'), num(el, 'y')
            anchor = el.get('text-anchor') or ''
            if any(p.get('class') == 'piece' for p in parents):
                anchor = 'middle'
            if el.get('class') == 'label':     # the style's .label
                size, anchor = 18.0, 'middle'
                w = 0.6 * size * len(el.text or '')
            x0 = x - w / 2 if anchor == 'middle' else x
            out.append(('text "%s"' % el.text, x0, y - size, x0 + w,
                        y + size / 3))
        elif tag == 'path':
            pts = path_extent(el.get('d'))
            out.append(('path', min(p[0] for p in pts),
                        min(p[1] for p in pts), max(p[0] for p in pts),
                        max(p[1] for p in pts)))
        for k in el:
            walk(k, [el] + parents)

    walk(root, [])
    return out


def check_one(text, where):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        problems.append('%s: not XML: %s' % (where, e))
        return None
    if root.tag != NS + 'svg':
        problems.append('%s: not an svg element' % where)
        return None
    vb = [float(v) for v in root.get('viewBox').split()]
    if vb[:2] != [0, 0] or vb[2] != num(root, 'width') or \
            vb[3] != num(root, 'height'):
        problems.append('%s: viewBox %s and size differ' % (where, vb))
    for what, x0, y0, x1, y1 in boxes(root):
        if x0 < 0 or y0 < 0 or x1 > vb[2] or y1 > vb[3]:
            problems.append('%s: %s at (%g,%g)-(%g,%g) outside 0 0 %g %g' %
                            (where, what, x0, y0, x1, y1, vb[2], vb[3]))
    return root


def texts(root, cls):
    return [t.text or '' for t in root.iter(NS + 'text')
            if t.get('class') == cls]


def marked(root):
    """The squares of the rects of class "last", from the board's rect
    (the first placed rect: the background's has no x) and 48-pixel
    squares."""
    board = [r for r in root.iter(NS + 'rect') if r.get('x') is not None][0]
    x0, y0 = num(board, 'x'), num(board, 'y')
    ranks = int(num(board, 'height') // 48)
    out = []
    for r in root.iter(NS + 'rect'):
        if r.get('class') == 'last':
            f = int((num(r, 'x') - x0) // 48)
            k = ranks - int((num(r, 'y') - y0) // 48)
            out.append('%c%d' % (ord('a') + f, k))
    return out


def apply_check(root, check, where):
    if check.startswith('title='):
        words = check[6:]
        t = root.find(NS + 'title').text or ''
        if words not in t or not any(words in x for x in
                                     texts(root, 'title')):
            problems.append('%s: title "%s" lacks "%s"' % (where, t, words))
    elif check in ('last', 'nolast'):
        n = len([r for r in root.iter(NS + 'rect')
                 if r.get('class') == 'last'])
        if (n > 0) != (check == 'last'):
            problems.append('%s: %d squares marked last' % (where, n))
    elif check.startswith('class='):
        name, rx = check[6:].split('~', 1)
        found = texts(root, name)
        if not any(re.search(rx, ' '.join(found[i:])) for i in
                   range(len(found))):
            problems.append('%s: no text of class %s matches %s (%s)' %
                            (where, name, rx, found))
    elif check.startswith('noclass='):
        if texts(root, check[8:]):
            problems.append('%s: a text of class %s' % (where, check[8:]))
    elif check.startswith('marked='):
        want = sorted(set(check[7:].split(',')))
        got = sorted(set(marked(root)))
        if got != want:
            problems.append('%s: marked %s, not %s' % (where, got, want))
    elif check.startswith('pieces='):
        n = len([g for g in root.iter(NS + 'g')
                 if g.get('class') == 'piece'])
        if n != int(check[7:]):
            problems.append('%s: %d pieces, not %s' % (where, n, check[7:]))
    else:
        problems.append('unknown check %s' % check)


def main():
    data = open(sys.argv[1], encoding='utf-8').read()
    pictures = re.findall(r'<svg\b.*?</svg>', data, re.S)
    if not pictures:
        problems.append('%s: no picture' % sys.argv[1])
    roots = []
    for i, p in enumerate(pictures):
        roots.append(check_one(p, '%s picture %d' % (sys.argv[1], i)))
    for check in sys.argv[2:]:
        every = check.startswith('all:')
        check = check[4:] if every else check
        for i, root in enumerate(roots):
            if root is not None and (every or i == len(roots) - 1):
                apply_check(root, check, '%s picture %d' % (sys.argv[1], i))
    for p in problems[:20]:
        print(p)
    sys.exit(1 if problems else 0)


main()
