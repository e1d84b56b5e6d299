import { checkoutBench } from './checkout';
console.log(await checkoutBench());
