// The code blocks of the benchmark corpus (gen-corpus.mjs), a template per language. Each takes
// the values codeSample drew and, where it draws more of its own, the seeded generator: the draws
// happen in the same order on every run, so the output stays the same for a seed.

export const CODE_TEMPLATES = {
  bash: ({ ep, f1, amount, id, cmt }) =>
    `# ${cmt}
curl -X POST https://api.example.com${ep} \\
  -H "Authorization: Bearer $ACME_SECRET_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{
    "amount": ${amount},
    "currency": "VND",
    "${f1}": "${id}",
    "callback_url": "https://merchant.example.com/hooks/acme"
  }'`,
  json: ({ r, ep, f1, amount, id }) =>
    `{
  "id": "${id}",
  "object": "${ep.split('/').pop().replace(/s$/, '')}",
  "amount": ${amount},
  "currency": "VND",
  "status": "${r.pick(['pending', 'succeeded', 'failed', 'requires_action'])}",
  "${f1}": "${r.pick(['ord_', 'cus_', 're_', 'po_'])}${r.int(100000, 999999)}",
  "created_at": "2024-0${r.int(1, 9)}-1${r.int(0, 9)}T0${r.int(0, 9)}:${r.int(10, 59)}:00Z",
  "metadata": {
    "store": "${r.pick(['hanoi-01', 'hcm-02', 'danang-03', 'online'])}",
    "channel": "${r.pick(['web', 'ios', 'android', 'pos'])}"
  },
  "livemode": false
}`,
  go: ({ ep, amount, id, cmt }) =>
    `package main

import (
\t"bytes"
\t"encoding/json"
\t"fmt"
\t"net/http"
\t"os"
)

type Request struct {
\tAmount   int64  \`json:"amount"\`
\tCurrency string \`json:"currency"\`
\tOrderID  string \`json:"order_id"\`
}

func main() {
\t// ${cmt}
\tbody, _ := json.Marshal(Request{Amount: ${amount}, Currency: "VND", OrderID: "${id}"})
\treq, _ := http.NewRequest("POST", "https://api.example.com${ep}", bytes.NewReader(body))
\treq.Header.Set("Authorization", "Bearer "+os.Getenv("ACME_SECRET_KEY"))
\treq.Header.Set("Content-Type", "application/json")
\tresp, err := http.DefaultClient.Do(req)
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer resp.Body.Close()
\tfmt.Println("status:", resp.StatusCode)
}`,
  js: ({ ep, f1, amount, id, cmt }) =>
    `import crypto from 'node:crypto';

// ${cmt}
const res = await fetch('https://api.example.com${ep}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.ACME_SECRET_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ amount: ${amount}, currency: 'VND', ${f1}: '${id}' }),
});

if (!res.ok) {
  const err = await res.json();
  throw new Error(\`\${err.code}: \${err.message}\`);
}
console.log(await res.json());`,
  python: ({ r, ep, f1, amount, id, cmt }) =>
    `import hashlib
import hmac
import os

import requests

# ${cmt}
resp = requests.post(
    "https://api.example.com${ep}",
    headers={"Authorization": f"Bearer {os.environ['ACME_SECRET_KEY']}"},
    json={"amount": ${amount}, "currency": "VND", "${f1}": "${id}"},
    timeout=${r.int(5, 30)},
)
resp.raise_for_status()


def verify_signature(payload: bytes, header: str, secret: str) -> bool:
    expected = hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)`,
  java: ({ ep, f1, amount, id, cmt }) =>
    `import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class CreateRequest {
    public static void main(String[] args) throws Exception {
        // ${cmt}
        String json = "{\\"amount\\": ${amount}, \\"currency\\": \\"VND\\", \\"${f1}\\": \\"${id}\\"}";
        HttpRequest request = HttpRequest.newBuilder()
            .uri(URI.create("https://api.example.com${ep}"))
            .header("Authorization", "Bearer " + System.getenv("ACME_SECRET_KEY"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
        HttpResponse<String> response = HttpClient.newHttpClient()
            .send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.statusCode() + " " + response.body());
    }
}`,
  csharp: ({ ep, f1, amount, id, cmt }) =>
    `using System.Net.Http;
using System.Net.Http.Json;

// ${cmt}
var client = new HttpClient { BaseAddress = new Uri("https://api.example.com") };
client.DefaultRequestHeaders.Add("Authorization", $"Bearer {Environment.GetEnvironmentVariable("ACME_SECRET_KEY")}");

var response = await client.PostAsJsonAsync("${ep}", new
{
    amount = ${amount},
    currency = "VND",
    ${f1} = "${id}"
});
response.EnsureSuccessStatusCode();
Console.WriteLine(await response.Content.ReadAsStringAsync());`,
  php: ({ ep, f1, amount, id, cmt }) =>
    `<?php
// ${cmt}
$ch = curl_init('https://api.example.com${ep}');
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('ACME_SECRET_KEY'),
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode([
        'amount' => ${amount},
        'currency' => 'VND',
        '${f1}' => '${id}',
    ]),
]);
$response = json_decode(curl_exec($ch), true);
echo $response['status'] ?? 'unknown';`,
}
