/** Entry of the production server bundle (dist/server/serve.js), which `npm start` runs. */
import { main } from './main';

await main();
