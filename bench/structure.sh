#!/usr/bin/env bash
# The code-structure figures (capability forms, feature imports and cycles, long files, one-way counts on
# the web, repositories, British spellings, repeated pairs): bash bench/structure.sh [repository root]
cd "${1:-.}"
echo "needs(action) in routes: $(git grep -hoE "needs\('[a-z]+\.[a-z-]+'" -- apps/server/src | wc -l); needs(permission_key): $(git grep -hoE "needs\('[a-z]+_[a-z_]+'" -- apps/server/src | wc -l)"
echo "requirePermission: $(git grep -w requirePermission -- apps packages | wc -l)"
echo "SQL permission reads ('x' = any(r.permissions)) outside auth/: $(git grep -nE "= any\(.*permissions\)" -- apps/server/src ':!apps/server/src/features/auth' | wc -l)"
echo "actions in policies: $(grep -cE "^  '[a-z]+\.[a-z.-]+':" packages/shared/src/policies.ts)"
npm run -s check:deps 2>&1 | grep "feature pairs"
echo "files over 300 lines (ts/tsx/mjs/cjs): $(git ls-files '*.ts' '*.tsx' '*.mjs' '*.cjs' | xargs wc -l | awk '$1>300 && $2!="total"' | wc -l)"
echo "architecture.md words: $(wc -w < docs/architecture.md)"
echo "web invalidateQueries: $(git grep -o "invalidateQueries" -- apps/web/src ':!*.test.*' | wc -l)"
echo "web raw <table outside data-table: $(git grep -l "<table" -- apps/web/src ':!apps/web/src/components/ui/data-table.tsx' ':!*.test.*' | wc -l)"
echo "web useForm files: $(git grep -l "useForm" -- apps/web/src ':!*.test.*' | wc -l), of which without formResolver: $(for f in $(git grep -l "useForm(" -- apps/web/src ':!*.test.*'); do grep -q formResolver $f || echo $f; done | wc -l)"
echo "web test files / source files: $(git ls-files 'apps/web/src/*.test.ts' 'apps/web/src/*.test.tsx' | wc -l) / $(git ls-files 'apps/web/src/*.ts' 'apps/web/src/*.tsx' | grep -v '\.test\.' | wc -l)"
echo "server repositories: $(git ls-files 'apps/server/src/*repo.ts' | wc -l), without a create…Repo factory: $(for f in $(git ls-files 'apps/server/src/*repo.ts'); do grep -qE "export function create[A-Za-z]*Repo|export const create[A-Za-z]*Repo" $f || echo $f; done | wc -l)"
echo "authoris*/organis* in code (any case): $(git grep -ioE "authoris|organis" -- '*.ts' '*.tsx' | wc -l)"
d=$(duplicates --most 200 --seconds 120)
echo "duplicates: $(echo "$d" | head -1)"
echo "  non-boilerplate pairs: $(echo "$d" | grep -E '^D' | grep -v boilerplate | wc -l); in product code: $(echo "$d" | grep -E '^D' | grep -v boilerplate | grep -vE '\.test\.|e2e/|bench/|locales/|drizzle/|/test/|/testing/' | wc -l)"
