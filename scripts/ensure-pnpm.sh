# Sourced by the root scripts: makes `pnpm` available on a machine that has
# only Node and npm. Corepack fails the registry signature check here, so pnpm
# comes from npm itself.
if ! command -v pnpm >/dev/null 2>&1; then
  echo "› installing pnpm 10 with npm"
  npm install -g pnpm@10 >/dev/null 2>&1 || true
fi
if ! command -v pnpm >/dev/null 2>&1; then
  pnpm() { npx -y pnpm@10 "$@"; }
fi
