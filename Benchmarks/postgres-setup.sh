# Sourced by the scripts that run places serve on a PostgreSQL cluster of their own
# (server-postgres.sh, server-outage.sh), after need.sh, from the repository's root:
#
#   scratch                            # work: a temporary folder; at exit the processes in pids are
#                                      # ended, the cluster (if started) stopped and work removed
#   release_binaries places-server …   # bin: $BIN, or a folder with a release build of those products
#   start_cluster                      # a throwaway cluster (Scripts/test-postgres.sh start) on loopback:
#                                      # cluster (its folder, for pause/resume/stop) and cluster_url
cluster=""
pids=()

scratch() {
    work=$(mktemp -d)
    trap finish EXIT
}

finish() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -z "$cluster" ] || Scripts/test-postgres.sh stop "$cluster"
    rm -rf "$work"
}

release_binaries() {
    if [ -n "${BIN:-}" ]; then
        bin=$BIN
        return
    fi
    echo "building (release)…" >&2
    local product
    for product in "$@"; do swift build -c release --product "$product" >/dev/null; done
    bin=$(swift build -c release --show-bin-path)
}

start_cluster() {
    local started
    started=$(Scripts/test-postgres.sh start)
    eval "$started"
    cluster=$PLACES_TEST_POSTGRES_DIR
    cluster_url=$PLACES_TEST_DATABASE_URL
}
