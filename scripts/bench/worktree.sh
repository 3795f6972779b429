# Sourced by the benches that time a baseline commit beside this tree (baseline.sh, drain.sh).
# bench_worktree COMMIT TREE: COMMIT checked out in the git worktree TREE (reused when it is there already), with
# this tree's optimised dependencies copied in, so that only the baseline's own crates rebuild.
bench_worktree() {
  local commit=$1 tree=$2
  if [ "$(git -C "$tree" rev-parse --short HEAD 2>/dev/null)" != "$commit" ]; then
    git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    git worktree prune
    git worktree add --detach "$tree" "$commit" >/dev/null
    if [ -d target/measure ]; then mkdir -p "$tree/target" && cp -a target/measure "$tree/target/"; fi
  fi
}
