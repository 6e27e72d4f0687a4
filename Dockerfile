# The bot in a container: `docker build -t tigris-bot .`, then
# `docker run --env-file .env -v tigris-data:/data tigris-bot` (SQLite in the volume), or compose.yaml
# (PostgreSQL and shards). `docker run --env-file .env tigris-bot python -m bot doctor` checks a set-up.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/tigris.db

# A user of its own: the bot never runs as root. /data holds the SQLite file; a named volume mounted there
# takes the folder's owner from the image.
RUN useradd --system --create-home --uid 10001 tigris \
    && mkdir /data && chown tigris:tigris /data

WORKDIR /app
COPY pyproject.toml README.md setup.py build_backend.py ./
COPY engine engine
COPY ai ai
COPY render render
COPY i18n i18n
COPY storage storage
COPY bot bot
# `docker build --build-arg TIGRIS_COMPILE=1 .` compiles the rules' and the search's hot modules with mypyc:
# a hard move takes about half the time (docs/deploy.md). gcc is there for the build only.
ARG TIGRIS_COMPILE=0
RUN if [ "$TIGRIS_COMPILE" = 1 ]; then \
        apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev; \
    fi \
    && pip install . \
    && rm -rf build .mypy_cache *.egg-info \
    && if [ "$TIGRIS_COMPILE" = 1 ]; then \
        apt-get purge -y --auto-remove gcc libc6-dev && rm -rf /var/lib/apt/lists/*; \
    fi

USER tigris
WORKDIR /data
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
