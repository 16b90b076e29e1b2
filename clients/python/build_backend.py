"""The build backend of the arena's Python clients (PEP 517 and PEP 660), in the standard
library alone.

The package is two modules of pure Python, so a wheel is a zip of them with its metadata.
Building it here means `pip install ./clients/python` downloads nothing: it works in a
fresh virtual environment on a machine with no network.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("arena_engine.py", "arena_agent.py")
TAG = "py3-none-any"


def _project():
    """The `[project]` table's string fields, read from pyproject.toml (tomllib is not in
    every Python this package supports, and these lines are simple `key = "value"`)."""
    fields = {}
    section = None
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line.startswith("["):
                section = line
                continue
            found = re.match(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"', line)
            if section == "[project]" and found:
                fields[found.group(1)] = found.group(2)
    return fields


def _names():
    project = _project()
    name = project["name"]
    return project, re.sub(r"[-_.]+", "_", name), project["version"]


def _metadata():
    project, _, version = _names()
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + project["name"],
        "Version: " + version,
        "Summary: " + project.get("description", ""),
        "Requires-Python: " + project.get("requires-python", ">=3"),
    ]
    return "\n".join(lines) + "\n"


def _wheel_file():
    return "Wheel-Version: 1.0\nGenerator: build_backend\nRoot-Is-Purelib: true\nTag: %s\n" % TAG


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def _write_wheel(directory, files):
    """A wheel holding `files` (archive path -> bytes) and its metadata; returns its name."""
    _, dist, version = _names()
    info = "%s-%s.dist-info" % (dist, version)
    files = dict(files)
    files[info + "/METADATA"] = _metadata().encode()
    files[info + "/WHEEL"] = _wheel_file().encode()
    record = [_record_line(path, data) for path, data in files.items()]
    record.append(info + "/RECORD,,")
    files[info + "/RECORD"] = ("\n".join(record) + "\n").encode()
    name = "%s-%s-%s.whl" % (dist, version, TAG)
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():
            wheel.writestr(path, data)
    return name


def _module_files():
    files = {}
    for module in MODULES:
        with open(os.path.join(HERE, module), "rb") as handle:
            files[module] = handle.read()
    return files


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, _module_files())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a `.pth` file that puts this folder on the path."""
    _, dist, _ = _names()
    return _write_wheel(wheel_directory, {dist + ".pth": (HERE + "\n").encode()})


def build_sdist(sdist_directory, config_settings=None):
    _, dist, version = _names()
    root = "%s-%s" % (dist, version)
    name = root + ".tar.gz"
    members = ("pyproject.toml", "build_backend.py", "README.md") + MODULES
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as sdist:
        for member in members:
            sdist.add(os.path.join(HERE, member), arcname=root + "/" + member)
        info = tarfile.TarInfo(root + "/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return name
