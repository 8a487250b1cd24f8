#!/usr/bin/env python3
"""Runs a command, passing its standard output and error through and its exit status back, then
writes its peak resident memory (getrusage's ru_maxrss, kilobytes) to standard error as a last
line `peak-rss-kb: N`.

Usage: peak_rss.py COMMAND [ARGUMENT...]
"""
import resource
import subprocess
import sys

status = subprocess.run(sys.argv[1:]).returncode
print(f"peak-rss-kb: {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
sys.exit(status)
