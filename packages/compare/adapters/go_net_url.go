// Go's net/url as a parser for `url-grammar compare` (the JSON-lines protocol of
// docs/compare-protocol.md). Standard library only. adapters/run.js builds it once into a cache
// directory and runs the binary; adapters/README.md#go-net-url documents the mapping.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
)

type request struct {
	ID    *int64  `json:"id"`
	Input string  `json:"input"`
	Base  *string `json:"base"`
}

// answer turns one request into the response fields (without the id).
func answer(req request) map[string]interface{} {
	ref, err := url.Parse(req.Input)
	if err != nil {
		return map[string]interface{}{"ok": false, "message": err.Error()}
	}
	u := ref
	if req.Base != nil {
		base, err := url.Parse(*req.Base)
		if err != nil {
			return map[string]interface{}{"ok": false, "message": "base: " + err.Error()}
		}
		u = base.ResolveReference(ref)
	}
	if u.Scheme == "" {
		return map[string]interface{}{"ok": false, "message": "no scheme: url.Parse read a relative reference"}
	}
	res := map[string]interface{}{
		"ok":       true,
		"href":     u.String(),
		"protocol": u.Scheme + ":",
		"username": "",
		"password": "",
		"host":     u.Host,
		"hostname": u.Hostname(),
		"port":     u.Port(),
		"search":   "",
		"hash":     "",
	}
	if strings.Contains(u.Hostname(), ":") {
		// Hostname() strips the brackets of an IPv6 literal; the URL getter keeps them
		res["hostname"] = "[" + u.Hostname() + "]"
	}
	if u.User != nil {
		res["username"] = u.User.Username()
		if p, set := u.User.Password(); set {
			res["password"] = p
		}
	}
	if u.Opaque != "" {
		// "mailto:x": everything between the scheme and the query, as written
		res["pathname"] = u.Opaque
	} else {
		res["pathname"] = u.EscapedPath()
	}
	if u.RawQuery != "" {
		res["search"] = "?" + u.RawQuery
	}
	if f := u.EscapedFragment(); f != "" {
		res["hash"] = "#" + f
	}
	return res
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var req request
			var res map[string]interface{}
			if jerr := json.Unmarshal(line, &req); jerr != nil || req.ID == nil {
				fmt.Fprintf(os.Stderr, "go-net-url: a request line that is not a request: %v\n", jerr)
				os.Exit(2)
			}
			res = answer(req)
			res["id"] = *req.ID
			enc, merr := json.Marshal(res)
			if merr != nil {
				enc, _ = json.Marshal(map[string]interface{}{"id": *req.ID, "error": merr.Error()})
			}
			out.Write(enc)
			out.WriteByte('\n')
			out.Flush()
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "go-net-url: reading standard input: %v\n", err)
			os.Exit(1)
		}
	}
}
