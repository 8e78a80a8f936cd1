// Times hybrid-boggle's word-mode Boggler<5,5> (its cpp/ sources, unchanged: built with -I <clone>/cpp) on postboggle
// fields.  A field's star is expanded into the 26 boards with A..Z in its place (postboggle's
// solver does all 26 at once); a field's time is the sum of its 26 Score() calls.
// postboggle writes the QU face as Q, and Boggler reads q as "qu": the same cell.
//
//   bench time  DICT FIELDS     an untimed pass (warm-up, transposed boards), then a timed pass; per
//                               field "index wall_us cpu_us" and a summary line on stderr
//   bench words DICT FIELDS N   for the first N fields and each joker letter, the words
//                               found (FindWords, spelled from the cells, q as QU)
#include <time.h>

#include <cstring>  // boggler.h uses strlen/strcpy without including it

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "boggler.h"
#include "trie.h"

static double now_ns(clockid_t clk) {
  timespec ts;
  clock_gettime(clk, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

// "FERNC/BSREO/EM*RU/NLIGK/ZALEW" -> "fernc...", star position (or -1)
static string board_of(const string& field, int* star) {
  string b;
  *star = -1;
  for (char c : field) {
    if (c == '/') continue;
    if (c == '*') { *star = b.size(); b += 'a'; continue; }
    b += (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return b;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s time|words DICT FIELDS [N]\n", argv[0]);
    return 2;
  }
  string mode = argv[1];
  double t0 = now_ns(CLOCK_MONOTONIC);
  auto trie = Trie::CreateFromFile(argv[2]);
  if (!trie) return 1;
  double load_ms = (now_ns(CLOCK_MONOTONIC) - t0) / 1e6;
  vector<string> fields;
  {
    ifstream in(argv[3]);
    string line;
    while (getline(in, line))
      if (!line.empty()) fields.push_back(line);
  }
  Boggler<5, 5> boggler(trie.get());

  if (mode == "words") {
    size_t n = argc > 4 ? atoi(argv[4]) : fields.size();
    for (size_t f = 0; f < n && f < fields.size(); f++) {
      int star;
      string b = board_of(fields[f], &star);
      for (int l = 0; l < (star < 0 ? 1 : 26); l++) {
        if (star >= 0) b[star] = 'a' + l;
        set<string> words;
        for (auto& seq : boggler.FindWords(b, false)) {
          string w;
          for (int i : seq) {
            w += (char)(b[i] - 'a' + 'A');
            if (b[i] == 'q') w += 'U';
          }
          words.insert(w);
        }
        printf("%zu\t%c", f, star < 0 ? '-' : 'A' + l);
        for (auto& w : words) printf(" %s", w.c_str());
        printf("\n");
      }
    }
    return 0;
  }

  // time
  vector<string> boards;  // 26 per starred field, 1 otherwise
  vector<int> counts;
  for (auto& fl : fields) {
    int star;
    string b = board_of(fl, &star);
    int k = 0;
    for (int l = 0; l < (star < 0 ? 1 : 26); l++, k++) {
      if (star >= 0) b[star] = 'a' + l;
      boards.push_back(b);
    }
    counts.push_back(k);
  }
  // Warm-up pass over the transposed boards (the same work, other boards), so that nothing
  // a solver might remember of a board it has seen can shorten the timed pass.
  unsigned long check = 0;
  for (auto& b : boards) {
    string tb(25, 'a');
    for (int r = 0; r < 5; r++)
      for (int c = 0; c < 5; c++) tb[c * 5 + r] = b[r * 5 + c];
    check += boggler.Score(tb.c_str());
  }
  double p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID), w0 = now_ns(CLOCK_MONOTONIC);
  size_t bi = 0;
  for (size_t f = 0; f < fields.size(); f++) {
    double tw = now_ns(CLOCK_MONOTONIC), tc = now_ns(CLOCK_THREAD_CPUTIME_ID);
    for (int k = 0; k < counts[f]; k++) check += boggler.Score(boards[bi++].c_str());
    double cw = now_ns(CLOCK_MONOTONIC) - tw, cc = now_ns(CLOCK_THREAD_CPUTIME_ID) - tc;
    printf("%zu %.1f %.1f\n", f, cw / 1e3, cc / 1e3);
  }
  double wall = (now_ns(CLOCK_MONOTONIC) - w0) / 1e6, cpu = (now_ns(CLOCK_PROCESS_CPUTIME_ID) - p0) / 1e6;
  fprintf(stderr, "hybrid-boggle: %zu fields, %zu boards, trie load %.0f ms, pass wall %.1f ms, cpu %.1f ms (score sum %lu)\n",
          fields.size(), boards.size(), load_ms, wall, cpu, check);
  return 0;
}
