"""Sphinx configuration for the cardrules documentation."""

import sys
from importlib.metadata import version as _version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = _version("cardrules")
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "cardrules_options",
    "cardrules_examples",
    "cardrules_types",
    "cardrules_pictures",
    "cardrules_learning",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "perf"]  # perf/ holds the figures that the performance page includes
nitpicky = True
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
html_theme = "furo"
html_title = "cardrules"
html_static_path = ["_static"]
html_css_files = ["cardrules.css"]

# Names that autodoc writes from type hints but that have no page of their own.
nitpick_ignore_regex = [
    ("py:class", r"(typing|collections\.abc|typing_extensions|random|enum)\..*"),
    ("py:class", r"concurrent\.futures\..*"),
    ("py:class", r"gettext\..*"),
    ("py:class", r"(numpy|np|npt)\..*"),
    ("py:class", r"(Any|Sequence|Mapping|Callable|Iterator|Iterable|Literal|Final|ClassVar|NewType)"),
    ("py:class", r"(RankOrder|SevenRule|HeldBonus|Random|LastRole)"),  # Literal aliases, their values in the docstrings
    ("py:class", r"attr\..*"),
    ("py:class", r"(int|str|bool|object|type|tuple|dict|frozenset|list|float)"),
    ("py:class", r"cardrules\.mililla\._game\..*"),
    ("py:class", r"cardrules\.(mulle|charlemagne)\._\w+\..*"),
    ("py:class", r"_Family"),
    ("py:class", r"Walk"),  # a factored move's walk (engine._learning): the environments' private fast path
    ("py:class", r"cardrules\.(engine|_kit\.bundles)\.(RulesetC|ObservationC|StateT)"),  # the bundles' type parameters
    ("py:class", r"(Card|Event|Step|Problem|MoveEntry|RoundEntry|Result|Record|Score)"),
    ("py:class", r"(pathlib|starlette\.applications)\.\w+"),  # the web table's hints
    ("py:class", r"(cardrules\._kit\.demo\.)?DemoDeal"),  # GameSpec.demo's type: the web table's press-play deal
]
