import { packageTestConfig } from '../vitest.shared.ts';

// The tests are quick; the packing and the npm install in beforeAll have their own, longer bound (pack.test.ts).
export default packageTestConfig('pack-check');
