export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];

export interface E2eConfig<Use> {
  testDir: string;
  globalSetup: string;
  workers: number;
  fullyParallel: boolean;
  retries: number;
  timeout: number;
  expect: { timeout: number };
  outputDir: string;
  reporter: (['list'] | ['json', { outputFile: string }])[];
  use: Use & {
    launchOptions: { executablePath: string; args: string[] };
    screenshot: 'only-on-failure';
    trace: 'off';
  };
}

export declare function e2eConfig<Use extends object = object>(options: {
  suite: string;
  timeout: number;
  use?: Use;
}): E2eConfig<Use>;
