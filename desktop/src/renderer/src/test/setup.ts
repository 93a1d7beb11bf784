import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Two shared cores: Blueprint, AG Grid and a query round trip can take
// seconds under load, so waiting is generous (a real failure still fails).
configure({ asyncUtilTimeout: 10_000 });
