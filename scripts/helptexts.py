"""Running the programs whose declarations scripts/manpages and scripts/completions are made from."""
import os
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
