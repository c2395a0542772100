"""``python -m cardrules``: the command line."""

import sys

from cardrules.cli import main

sys.exit(main())
