#!/usr/bin/env python3
"""Lists the functions in Sources/ longer than 60 lines (from the declaration to its closing
brace; comments and string literals are read as such); exits 1 if there are any.

  python3 scripts/check-function-length.py [LIMIT [FILE...]]

A long function is split into named steps. CI runs this.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
limit=int(sys.argv[1]) if len(sys.argv)>1 else 60
def strip(src):
    """Replace comments and string literal contents with spaces (keeping newlines)."""
    out=[]; i=0; n=len(src)
    def code(i, stop_paren):
        depth=0
        while i<n:
            c=src[i]
            if src.startswith('//',i):
                j=src.find('\n',i); j=n if j<0 else j; out.append(' '*(j-i)); i=j; continue
            if src.startswith('/*',i):
                j=src.find('*/',i+2); j=n if j<0 else j+2
                out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j; continue
            if c=='#' and re.match(r'#+"',src[i:]):
                m=re.match(r'(#+)("""|")',src[i:]); hashes=m.group(1); q=m.group(2)
                end=q+hashes; j=src.find(end,i+len(m.group(0)))
                j=n if j<0 else j+len(end)
                out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j; continue
            if c=='"':
                multi=src.startswith('"""',i)
                q='"""' if multi else '"'
                out.append(' '*len(q)); i+=len(q)
                while i<n:
                    if src[i]=='\\' and i+1<n and src[i+1]=='(':
                        out.append('  '); i=code(i+2, True); continue
                    if src[i]=='\\': out.append('  '); i+=2; continue
                    if src.startswith(q,i): out.append(' '*len(q)); i+=len(q); break
                    out.append('\n' if src[i]=='\n' else ' '); i+=1
                continue
            if stop_paren:
                if c=='(': depth+=1
                elif c==')':
                    if depth==0: out.append(' '); return i+1
                    depth-=1
            out.append(c); i+=1
        return i
    code(0, False)
    return ''.join(out)
decl=re.compile(r'^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|static|class|final|override|mutating|nonisolated|convenience|required)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b')
out=[]
files=sys.argv[2:] or sorted(glob.glob(os.path.join(ROOT, 'Sources', '**', '*.swift'), recursive=True) + glob.glob(os.path.join(ROOT, 'Integrations', '*', 'Sources', '**', '*.swift'), recursive=True))
for p in files:
    lines=strip(open(p).read()).split('\n')
    for i,l in enumerate(lines):
        m=decl.match(l)
        if not m: continue
        depth=0; started=False
        for k in range(i,len(lines)):
            for c in lines[k]:
                if c=='{': depth+=1; started=True
                elif c=='}': depth-=1
            if started and depth<=0: break
            if not started and k>i+15: break
        if started:
            nlines=k-i+1
            if nlines>limit: out.append((nlines, os.path.relpath(p, ROOT), i + 1, m.group(1)))
for length, path, line, name in sorted(out, reverse=True):
    print(f"{path}:{line}: {name} is {length} lines long (at most {limit})")
if out:
    print(f"{len(out)} functions are longer than {limit} lines", file=sys.stderr)
    sys.exit(1)
