// Numbers as the reader types them: its own slice, so that screens which only print numbers do
// not carry the reading of typed ones.
export {
  $numberStyle,
  asTyped,
  readTypedNumber,
  typedValue,
  zeroAmount,
  type TypedNumber,
  type TypedNumberProblem,
} from './typed.ts';
