#!/usr/bin/env python3
"""The command lines of a document, for tests/cli/docs.sh.

doclines.py KIND FILE: KIND is md (the lines of the ``` blocks), man
(the lines of the .Bd -literal blocks, roff escapes undone) or text
(the lines indented by four blanks).  A line ending in a backslash goes
on on the next.  Prints one line per command of a pipeline or list:
the command's name (its program's base name), a tab, then its words
after the name, tab-separated; a redirection's target and what follows
a '#' are left out.  A line that is not shell (output, a file's text)
and names no program this test knows is skipped.
"""
import os
import re
import shlex
import sys

OPS = {"|", "||", "&&", ";", "&", "(", ")"}
REDIR = {">", ">>", "<", ">&", "<&", "2>", "2>>", "|&"}
PROMPT = re.compile(r"^\s*(?:[a-z]*[$#] |\* \* \* \* \* |@reboot )")


def blocks(kind, text):
    on = False
    for line in text.splitlines():
        if kind == "md":
            if line.startswith("```"):
                on = not on
                continue
            if on:
                yield line
        elif kind == "man":
            if line.startswith(".Bd -literal"):
                on = True
                continue
            if line.startswith(".Ed"):
                on = False
                continue
            if on:
                yield line.replace("\\e", "\\").replace("\\&", "")
        elif line.startswith("    "):
            yield line


def joined(lines):
    cur = ""
    for line in lines:
        if line.endswith("\\"):
            cur += line[:-1] + " "
            continue
        yield cur + line
        cur = ""
    if cur:
        yield cur


def commands(line):
    line = PROMPT.sub("", line, count=1)
    if not re.search(r"(^|[\s/\"$|;(])(adjudicator|ADJUDICATOR|sendmail|"
                     r"mail)\b", line):
        return
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    lex.commenters = "#"
    try:
        words = list(lex)
    except ValueError:
        return
    cmd, skip = [], False
    for w in words + [";"]:
        if skip:
            skip = False
            continue
        if w in REDIR or (w.endswith(">") and w.rstrip(">&").isdigit()):
            skip = True
            continue
        if w in OPS:
            if cmd:
                yield cmd
            cmd = []
            continue
        if not cmd and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w):
            continue    # VAR=value before the command
        cmd.append(w)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for line in joined(blocks(kind, text)):
        for cmd in commands(line):
            name = os.path.basename(cmd[0].lstrip("$"))
            if name.lower() == "adjudicator":
                name = "adjudicator"
            elif cmd[0] not in ("mail", "sendmail", "/usr/sbin/sendmail"):
                continue
            print("\t".join([name if name == "adjudicator" else cmd[0]] +
                            cmd[1:]))


if __name__ == "__main__":
    main()
