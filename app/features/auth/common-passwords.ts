/**
 * Some 200 of the passwords people choose most, as published lists of leaked passwords rank them
 * (lower-cased; those under 6 characters are left out: the length rule refuses them already).
 * Short on purpose: it ships to the browser with the sign-up form, and the rules beside it
 * (one repeated character, a plain sequence, the email or the company name) catch whole families.
 */
export const commonPasswords = new Set(
  `
123456 123456789 12345678 1234567 1234567890 12345678910 123123 123321 654321 123654 111111 000000
121212 112233 666666 777777 555555 888888 999999 131313 696969 7777777 11111111 00000000 88888888
12341234 11223344 1111111111 159753 147258369 987654321 0987654321 1234561 123456a a123456 aa123456
123456789a 147258 258456 789456 789456123 741852963 159357 142536 123789 520520 5201314 1q2w3e 1q2w3e4r
1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsx qwerty qwerty1 qwerty12 qwerty123 qwerty1234
qwertyuiop qwertz azerty azerty123 asdfgh asdfghjkl zxcvbnm zxcvbn qweasd qweasdzxc 123qwe qwe123
123qweasd 1234qwer qwer1234 q1w2e3r4 q1w2e3 asd123 zxc123 a1b2c3 a1b2c3d4 abc123 abc1234 abc12345
abc123456 abcd1234 123abc 1234abcd password password1 password12 password123 password01 password!
passw0rd p@ssw0rd p@ssword pa55word p4ssw0rd passwort motdepasse passpass mypassword newpassword
iloveyou iloveyou1 iloveu princess princess1 sunshine sunshine1 monkey monkey123 dragon dragon123
football football1 baseball basketball soccer1 hockey letmein letmein1 welcome welcome1 welcome123
admin123 admin1234 administrator master master123 shadow superman batman spiderman michael jennifer
jordan jordan23 hunter2 trustno1 freedom whatever starwars computer charlie thomas jessica ashley
daniel andrew joshua pepper ginger cookie cheese banana chocolate butterfly flower purple orange
summer winter spring secret secret123 changeme default guest123 test123 test1234 testing testtest
internet mustang maggie buster killer matrix lovely loveme babygirl tigger samsung google facebook
linkedin twitter iphone apple123 blink182 pokemon naruto harley ranger hannah liverpool chelsea
arsenal login123 access access14 qwerty12345 zxcvbnm123
restoration restore emergency emergency1 waterdamage firedamage
`
    .trim()
    .split(/\s+/),
);
