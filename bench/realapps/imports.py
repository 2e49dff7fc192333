# Launched by the bench (bench/realapps/programs): a script's start-up,
# importing standard modules as a small tool would, and using each once.
import decimal
import email.parser
import http.client
import json

msg = email.parser.Parser().parsestr("Subject: x\n\nbody\n")
print(json.dumps({"s": msg["Subject"], "d": str(decimal.Decimal("1.10") * 3),
                  "c": http.client.responses[200]}))
