import { numberRule } from './number-rule.js';
import { isDigit } from './number-syntax.js';
import { atWordStart, type Rule } from './rule-context.js';

/** "&", "@", "+", "=" and a lone "%" said in words, where the language has words for them. */
export const symbolRule: Rule = (text, start, context) => {
  const { symbols, percent } = context;
  let spoken: string | undefined;
  switch (text[start]) {
    case '&':
      spoken = symbols.and;
      break;
    case '@':
      spoken = symbols.at;
      break;
    case '+':
      spoken = symbols.plus;
      break;
    case '=':
      spoken = symbols.equals;
      break;
    case '%':
      // Turkish writes the sign first: "%20" is "yüzde yirmi".
      if (percent?.position === 'before' && isDigit(text[start + 1])) {
        const number = numberRule(text, start + 1, context);
        if (number) return { end: number.end, spoken: `${percent.forms.other}${context.space}${number.spoken}` };
      }
      // After a number the number rule already took it; alone it names the symbol, in the
      // languages where the word can stand alone (not 百分之 or yüzde, which lead a number).
      spoken = atWordStart(text, start) && percent?.position === 'after' ? percent.forms.other : undefined;
      break;
  }
  return spoken ? { end: start + 1, spoken } : null;
};
