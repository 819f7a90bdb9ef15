#!/usr/bin/env python3
"""clicase.py CASE...: each rule case (tests/cases/README.md) played
through the command line, as players would play it: keys (keygen), the
invitation (new -s 00, the runner's seed), one game directory per seat
(join), setup and turn for each step, every message received by every
other seat (peer) or taken by the judge, whose updates each seat receives
(judge mode).  What the case expects is checked in what the commands
print: a refused step is refused by `turn` (or `setup`) with one line
holding the case's text, prints no message and changes nothing in the
seat's directory; each view check is the seat's `show` (text or YAML);
phase, next, last, seq, winner, why and scores are read from `show -f
yaml`.  A closed game's exports verify, and the seats' exports agree.

The public view is no command's output: a "public" view check is made
on each seat's own view for knights (nothing is hidden), and is left out
for the games that hide something (said on stderr).  Cases with
unaudited setups or false claims (what a modified client sends) are not
for this runner.

$ADJ names the binary; each case is played in ./NAME/, NAME the case
file's without .yaml; the keys are made once, in ./."""
import hashlib
import os
import subprocess
import sys

import yaml

ADJ = os.environ['ADJ']
NAMES = ['alice', 'bob', 'carol', 'dave']


class Failed(Exception):
    pass


def adj(*args, check=True):
    p = subprocess.run([ADJ] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    out = p.stdout.decode('utf-8', 'replace')
    err = p.stderr.decode('utf-8', 'replace')
    if check and p.returncode != 0:
        raise Failed('adjudicator %s: exit %d: %s' % (' '.join(args),
                                                      p.returncode, err))
    return p.returncode, out, err


def snapshot(d):
    h = {}
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            with open(p, 'rb') as fh:
                h[p] = hashlib.sha256(fh.read()).hexdigest()
    return h


class Game:
    def __init__(self, case, where):
        self.case = case
        self.where = where
        self.rules = case['rules']
        self.nseats = int(case.get('seats', 2))
        self.judged = case.get('mode', 'peer') == 'judge'
        self.seats = NAMES[:self.nseats]
        self.msgs = []                  # (author, file), in order
        self.seen = {s: 0 for s in self.seats}
        self.skipped = 0
        for s in self.seats + (['judge'] if self.judged else []):
            if not os.path.exists(s + '.key'):
                adj('keygen', '-N', s)
        args = ['new', '-k', 'alice.key', '-s', '00']
        for o in case.get('options', []):
            args += ['-o', o]
        if self.judged:
            args += ['-m', 'judge', '-j', 'judge.pub']
        args += [self.rules] + [s + '.pub' for s in self.seats]
        _, inv, _ = adj(*args)
        with open(where + '/invite.msg', 'w') as f:
            f.write(inv)
        for s in self.seats + (['judge'] if self.judged else []):
            adj('join', '-d', self.dir(s), '-k', s + '.key',
                where + '/invite.msg')

    def dir(self, seat):
        return '%s/%s' % (self.where, seat)

    def sync(self, seat):
        """seat receives what it has not seen (peer mode)"""
        todo = [f for a, f in self.msgs[self.seen[seat]:] if a != seat]
        self.seen[seat] = len(self.msgs)
        if todo:
            adj('receive', '-d', self.dir(seat), *todo)

    def send(self, seat, text):
        """seat's message out: to the others, or through the judge"""
        n = len(self.msgs) + 1
        path = '%s/m.%d' % (self.where, n)
        with open(path, 'w') as f:
            f.write(text)
        if not self.judged:
            self.msgs.append((seat, path))
            self.seen[seat] = len(self.msgs)
            return
        out = '%s/mq.%d' % (self.where, n)
        adj('judge', '-d', self.dir('judge'), '-O', out, path)
        for s in self.seats:
            if os.path.exists('%s/%s.msg' % (out, s)):
                adj('receive', '-d', self.dir(s), '%s/%s.msg' % (out, s))

    def step(self, seat, verb, words, refused, line):
        """one step; line says which, for the reason of a failure"""
        if not self.judged:
            self.sync(seat)
        what = '%s %s' % (seat, ' '.join(words) or '(openings)')
        before = snapshot(self.dir(seat)) if refused is not None else None
        rc, out, err = adj(verb, '-d', self.dir(seat), *(['--'] + words if
                           words else []), check=False)
        if refused is None:
            if rc != 0:
                raise Failed('%s: %s refused: %s' % (line, what, err))
            if not out.strip():
                raise Failed('%s: %s sent nothing' % (line, what))
            self.send(seat, out)
            return
        if rc == 0:
            raise Failed('%s: %s accepted, wanted a refusal (%s)' %
                         (line, what, refused))
        if err.count('\n') != 1 or refused not in err or out:
            raise Failed('%s: %s refused with "%s", wanted one line '
                         'with "%s" and no message' %
                         (line, what, err.strip(), refused))
        if snapshot(self.dir(seat)) != before:
            raise Failed('%s: %s was refused but changed %s' %
                         (line, what, self.dir(seat)))

    def view(self, seat, fmt='text'):
        if not self.judged:
            self.sync(seat)
        args = ['show', '-d', self.dir(seat)]
        if fmt == 'yaml':
            args += ['-f', 'yaml']
        return adj(*args)[1]

    def state(self):
        """what the first seat's show -f yaml says, every seat agreeing"""
        views = [yaml.safe_load(self.view(s, 'yaml')) for s in self.seats]
        for v in views[1:]:
            for k in ('seq', 'phase', 'next', 'last', 'result'):
                if v[k] != views[0][k]:
                    raise Failed('the seats disagree on %s: %r and %r' %
                                 (k, views[0][k], v[k]))
        return views[0]

    def check_view(self, v):
        seat, fmt = v['seat'], v.get('format', 'text')
        if seat == 'public':
            if self.rules != 'knights':
                self.skipped += 1
                return
            seats = self.seats
        else:
            seats = [seat]
        for s in seats:
            text = self.view(s, fmt)
            for key, want in (('contains', True), ('lacks', False)):
                items = v.get(key, [])
                for item in items if isinstance(items, list) else [items]:
                    if (item in text) != want:
                        raise Failed('%s\'s %s view %s "%s"; it reads:\n%s'
                                     % (s, fmt, 'lacks' if want else
                                        'shows', item, text))

    def expect(self, x, line):
        if not x:
            return
        unknown = set(x) - {'view', 'phase', 'next', 'last', 'seq', 'winner',
                            'why', 'scores', 'cheated'}
        if unknown:
            raise Failed('after %s: no such expectation: %s' %
                         (line, ', '.join(sorted(unknown))))
        for v in x.get('view', []):
            self.check_view(v)
        if set(x) == {'view'}:
            return
        st = self.state()
        res = st['result']
        over = res['over'] is True or res['over'] == 'yes'
        draw = res.get('draw') is True or res.get('draw') == 'yes'
        bad = []
        if 'phase' in x and st['phase'] != x['phase']:
            bad.append('phase is %s, not %s' % (st['phase'], x['phase']))
        if 'next' in x and st['next'] != x['next']:
            bad.append('next is %s, not %s' % (st['next'], x['next']))
        if 'last' in x and x['last'] not in st['last']:
            bad.append('last is "%s", wanted "%s"' % (st['last'], x['last']))
        if 'seq' in x and int(st['seq']) != int(x['seq']):
            bad.append('seq is %s, not %s' % (st['seq'], x['seq']))
        if 'winner' in x:
            w = x['winner']
            ok = (not over if w == 'none' else over and draw if w == 'draw'
                  else over and not draw and res.get('winners') == [w])
            if not ok:
                bad.append('the result is %r, wanted the winner %s' %
                           (res, w))
        if 'why' in x and (not over or x['why'] not in res.get('why', '')):
            bad.append('why is "%s", wanted "%s"' % (res.get('why'),
                                                     x['why']))
        if 'cheated' in x and (res.get('cheated') or []) != (
                [] if x['cheated'] == 'none' else [x['cheated']]):
            bad.append('caught cheating: %s, wanted %s' %
                       (res.get('cheated'), x['cheated']))
        for label, n in (x.get('scores') or {}).items():
            have = (res.get('scores') or {}).get(label)
            if have is None or int(have) != int(n):
                bad.append('score %s is %s, not %s' % (label, have, n))
        if bad:
            raise Failed('after %s: %s' % (line, '; '.join(bad)))

    def closed(self):
        """a closed game: every export verifies, the seats' agree"""
        if self.state()['phase'] != 'closed':
            return
        arcs = {}
        for s in self.seats + (['judge'] if self.judged else []):
            _, arc, _ = adj('export', '-d', self.dir(s))
            p = subprocess.run([ADJ, 'verify'], input=arc.encode(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if p.returncode != 0:
                raise Failed('verify of %s\'s export: %s' %
                             (s, p.stderr.decode()))
            arcs[s] = arc
        if not self.judged and len(set(arcs.values())) != 1:
            raise Failed('the seats\' exports differ')


def steps(case):
    """(seat, verb, words, refused, expect, line) for each step"""
    for n, item in enumerate(case.get('setup', []), 1):
        if isinstance(item, dict):
            if 'unaudited' in item:
                raise Failed('an unaudited setup: not for this runner')
            yield (item.get('seat'), 'setup', [item['layout']],
                   item.get('refused'), None, 'setup %d' % n)
        else:
            yield None, 'setup', [item], None, None, 'setup %d' % n
    for n, item in enumerate(case.get('turns', []), 1):
        if 'claim' in item:
            raise Failed('a false claim: not for this runner')
        if 'setup' in item:
            yield (item.get('seat'), 'setup', [item['setup']],
                   item.get('refused'), item.get('expect'), 'turn %d' % n)
            continue
        seat = [k for k in item if k not in ('refused', 'expect')]
        if len(seat) != 1:
            raise Failed('%s: one seat per turn' % n)
        act = item[seat[0]]
        act = '' if act is None or act in ('~', 'open') else str(act)
        yield (seat[0], 'turn', [act] if act else [], item.get('refused'),
               item.get('expect'), 'turn %d' % n)


def run(path):
    with open(path) as f:
        case = yaml.safe_load(f)
    where = os.path.basename(path)[:-len('.yaml')]
    os.mkdir(where)
    g = Game(case, where)
    done = set()
    for seat, verb, words, refused, expect, line in steps(case):
        # a setup that names no seat is the next seat's without one
        if seat is None:
            seat = [s for s in g.seats if s not in done][0]
        g.step(seat, verb, words, refused, line)
        if verb == 'setup' and refused is None:
            done.add(seat)
        g.expect(expect, line)
    g.expect(case.get('expect'), 'the last step')
    g.closed()
    return g.skipped


def main():
    bad = 0
    for path in sys.argv[1:]:
        name = '/'.join(path.split('/')[-2:])
        try:
            skipped = run(path)
            print('ok - %s%s' % (name, ' (%d public view checks left out)'
                                 % skipped if skipped else ''),
                  file=sys.stderr)
        except Failed as e:
            print('not ok - %s: %s' % (name, e), file=sys.stderr)
            bad += 1
    sys.exit(1 if bad else 0)


main()
