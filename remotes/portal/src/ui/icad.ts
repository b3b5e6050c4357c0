/** The official site of I-CAD, the national register of identified dogs, cats and ferrets. */
export const ICAD_URL = 'https://www.i-cad.fr';
