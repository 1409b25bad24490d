// Rebuilds server/assets/common-passwords.txt, the list the password policy refuses.
// Usage: node scripts/common-passwords.mjs <passwords.json of @zxcvbn-ts/language-common>
// The English-language part is the most frequent entries of that list (MIT, from the leaked-password
// corpora zxcvbn ranks by frequency) long enough to pass the length rule; the Brazilian part is
// built below from words and suffixes common in Brazilian passwords.
import { readFileSync, writeFileSync } from 'node:fs';

const MIN_LENGTH = 8;
const FROM_CORPUS = 4000;

const source = process.argv[2];
if (!source) throw new Error('give the path of passwords.json');
const corpus = JSON.parse(readFileSync(source, 'utf8'));

const words = `
  senha minhasenha novasenha suasenha senhanova mudar mudarsenha trocar trocarsenha
  alterar acesso entrar segredo secreto teste testando usuario admin administrador sistema
  cadastro brasil brasileiro brasileira brazil flamengo mengao corinthians timao palmeiras
  verdao saopaulo tricolor gremio imortal internacional colorado vasco botafogo fluminense
  cruzeiro atletico galo santos bahia vitoria sport coritiba futebol amor amorzinho
  meuamor teamo euteamo amoreterno paixao jesus jesuscristo jesusteama deus deuseamor
  deusefiel deuseminhavida senhor familia felicidade saudade esperanca liberdade vida
  minhavida mamae papai mae pai filho filha princesa principe gatinha gatinho lindinha
  bonita querida cachorro chocolate morango abacaxi banana laranja flor florzinha estrela
  amigo amigos amizade escola trabalho gaucho gaucha riogrande portoalegre pelotas camaqua
  riodejaneiro arroz fazenda campo roca lavoura agro agricultura produtor colheita qwerty
  asdfgh abcdef abcd abc
`
  .split(/\s+/)
  .filter(Boolean);
// The bare word comes first: '' is a suffix too.
const suffixes = [
  '',
  ...'1 12 123 1234 12345 123456 01 10 007 @123 @1234 #123 ! 123! 2020 2021 2022 2023 2024 2025 2026'.split(
    ' ',
  ),
];
const digits = `
  12345678 123456789 1234567890 87654321 11111111 00000000 12341234 11223344 12121212
  10203040 01020304 99999999 88888888 13579246
`
  .split(/\s+/)
  .filter(Boolean);

const seen = new Set();
const list = [];
const add = (password) => {
  if (password.length < MIN_LENGTH || seen.has(password)) return;
  seen.add(password);
  list.push(password);
};
for (const password of digits) add(password);
for (const word of words) for (const suffix of suffixes) add(`${word}${suffix}`);
let taken = 0;
for (const password of corpus) {
  if (taken >= FROM_CORPUS) break;
  if (password.length < MIN_LENGTH || seen.has(password)) continue;
  add(password);
  taken += 1;
}

const header = [
  '# Passwords refused by the password policy (lower case; compared case-insensitively).',
  '# Rebuilt by scripts/common-passwords.mjs: Brazilian words and suffixes, then the most',
  `# frequent entries of @zxcvbn-ts/language-common (MIT) with ${MIN_LENGTH} characters or more.`,
];
writeFileSync(
  new URL('../server/assets/common-passwords.txt', import.meta.url),
  `${[...header, ...list].join('\n')}\n`,
);
console.log(`${list.length} passwords`);
