import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Boundaries between the folders of src/, checked rather than hoped for (see
 * the Layout section of README.md). A specifier is matched as written, so a
 * relative one is "./x/" or "../…/x/": no folder of src/ has a subfolder named
 * like a top-level one, so the match is not ambiguous. Dynamic import() is not
 * seen by these rules; scripts/check-boundaries.mjs reads those too.
 */
const into = (folder) => `^\\.{1,2}/(?:\\.\\./)*${folder}/`;

const PUPPETEER = { regex: '^puppeteer(?:-core|-extra|-extra-plugin-stealth)?(?:/|$)', message: 'Only src/browser imports puppeteer: go through the Browser interface in src/browser/types.ts.' };
const LLM_SDKS = { regex: '^(?:ollama|openai)(?:/|$)', message: 'Only src/llm imports the LLM SDKs: take an Llm (src/llm/types.ts) as a parameter.' };
const COMMANDS = { regex: into('commands'), message: 'Only src/cli.ts imports src/commands: move what is shared to src/ (e.g. src/compose.ts, src/io.ts).' };
const AGENT = { regex: into('agent'), message: 'src/browser must not import src/agent: the agent\'s browser interface lives in src/browser/types.ts.' };
const AGENT_OUTWARD = ['mcp', 'ui'].map((folder) => ({ regex: into(folder), message: `src/agent must not import src/${folder}: the loop yields events and never prints; its callers render them.` }));
const UTIL_OUTWARD = { regex: '^\\.\\./', message: 'src/util imports nothing of scout\'s own: it is the bottom layer.' };
const PROMPTS_PURE = {
  regex: '^(?!\\./)',
  allowTypeImports: true,
  message: 'src/prompts imports nothing with side effects: only `import type`, or other modules of src/prompts.',
};

/** Which restrictions hold for the files of each folder (files outside every folder listed get only the src-wide ones). */
const ZONES = [
  { files: ['src/browser/**'], patterns: [LLM_SDKS, COMMANDS, AGENT] },
  { files: ['src/llm/**'], patterns: [PUPPETEER, COMMANDS] },
  { files: ['src/agent/**'], patterns: [PUPPETEER, LLM_SDKS, COMMANDS, ...AGENT_OUTWARD] },
  { files: ['src/prompts/**'], patterns: [PROMPTS_PURE] },
  { files: ['src/util/**'], patterns: [UTIL_OUTWARD] },
  { files: ['src/commands/**'], patterns: [PUPPETEER, LLM_SDKS] },
  { files: ['src/cli.ts'], patterns: [PUPPETEER, LLM_SDKS] },
];
const ZONED = ZONES.flatMap((zone) => zone.files);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Sizes count every line, blank and comment included: what `wc -l` and a reader see.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  // One rule instance per file: a later config's options replace an earlier one's, so each zone lists all its patterns.
  {
    files: ['src/**/*.ts'],
    ignores: ZONED,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [PUPPETEER, LLM_SDKS, COMMANDS] }] },
  },
  ...ZONES.map(({ files, patterns }) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
