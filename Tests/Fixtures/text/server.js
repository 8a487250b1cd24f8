// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
'use strict';

const http = require('http');
const { readFile } = require('fs/promises');

async function handle(request, response) {
  try {
    const body = await readFile('./index.html', 'utf8');
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(body);
  } catch (error) {
    console.error(error);
    response.writeHead(500);
    response.end('error');
  }
}

const server = http.createServer((request, response) => {
  handle(request, response);
});

module.exports = server;
server.listen(process.env.PORT || 8080, () => console.log('listening'));
