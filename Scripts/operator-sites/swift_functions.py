"""Finds public functions in Swift sources: their signature pieces and bodies (light parser)."""
import re

# What follows a declaration without a body (a protocol requirement): the next declaration,
# a comment, a closing brace or a blank line.
DECLARATION_END = re.compile(r'[ \t]*($|//|}|@|public\b|func\b|static\b|var\b|let\b|init\b|associatedtype\b)', re.M)
FUNC = re.compile(r'^([ \t]*)((?:@\w+(?:\([^)]*\))?[ \t]+)*)public[ \t]+(?:static[ \t]+|nonisolated[ \t]+)*func[ \t]+(`?\w+`?)', re.M)


def skip_string_or_comment(text, i):
    """If text[i] starts a string or comment, returns the index after it, else None."""
    if text.startswith('//', i):
        j = text.find('\n', i)
        return len(text) if j < 0 else j
    if text.startswith('/*', i):
        return text.find('*/', i) + 2
    if text.startswith('"""', i):
        return text.find('"""', i + 3) + 3
    if text[i] == '"':
        j = i + 1
        while text[j] != '"':
            if text[j] == '\\':
                j += 1
            j += 1
        return j + 1
    return None


def match_close(text, i, open_ch, close_ch):
    """i at open_ch; returns index of its matching close_ch."""
    depth = 0
    while i < len(text):
        s = skip_string_or_comment(text, i)
        if s is not None:
            i = s
            continue
        c = text[i]
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError('unbalanced')


class Func:
    pass


def functions(text):
    for m in FUNC.finditer(text):
        f = Func()
        f.indent = m.group(1)
        f.attrs = m.group(2)
        f.name = m.group(3).strip('`')
        f.start = m.start()
        i = m.end()
        if text[i] == '<':
            depth = 0
            while True:
                if text[i] == '<':
                    depth += 1
                elif text[i] == '>' and text[i - 1] != '-':
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            i += 1
        assert text[i] == '(', (f.name, text[i:i + 40])
        f.params_open = i
        f.params_close = match_close(text, i, '(', ')')
        # up to the body's `{` (protocol requirements have none)
        j = f.params_close + 1
        while True:
            s = skip_string_or_comment(text, j)
            if s is not None:
                j = s
                continue
            if text[j] == '{' or text[j] == '\n' and re.match(DECLARATION_END, text[j + 1:]):
                break
            if text[j] == '(':
                j = match_close(text, j, '(', ')')
            elif text[j] == '<':
                pass
            j += 1
        f.has_body = text[j] == '{'
        f.sig_tail = text[f.params_close + 1:j]
        rt = re.search(r'->\s*(.*?)(\s+where\s.*)?$', f.sig_tail.strip(), re.S)
        f.ret = rt.group(1).strip() if rt else ''
        if f.has_body:
            f.body_open = j
            f.body_close = match_close(text, j, '{', '}')
            f.body = text[j + 1:f.body_close]
        f.params = text[f.params_open + 1:f.params_close]
        f.line = text.count('\n', 0, f.start) + 1
        yield f
