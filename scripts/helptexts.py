"""What remindersd and the shell client say of themselves, for scripts/manpages and scripts/completions."""
import os
import re
import subprocess
import sys


def output(command):
    """A command's stdout; its failure ends the calling script, naming the command."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "NO_COLOR": "1"})
    if result.returncode != 0:
        script = os.path.basename(sys.argv[0])
        sys.exit(f"{script}: {' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def subcommands(main_help):
    """remindersd's subcommands in the order `remindersd --help` lists them (`[serve]` as serve)."""
    names = []
    for line in main_help.split("\n"):
        match = re.match(r"^  remindersd (\[serve\]|[a-z]+)", line)
        if match:
            name = match.group(1).strip("[]")
            if name not in names:
                names.append(name)
    return names
