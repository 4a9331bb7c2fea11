// What a publisher pastes on /publish/affiliate_nodes/new to join a program: the program's id, its page
// (…/affiliate_programs/{id}, …/affiliate_marketplace/{id}), or another publisher's recruitment link
// carrying `recruited_by={token}` (docs/decisions/0048-affiliates.md, "Levels").

export type ProgramReference = { programId: number; recruitedBy?: string }

const maxId = 2_147_483_647
const tokenPattern = /^[A-Za-z0-9_-]{1,64}$/

function programId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null
  const id = Number(text)
  return id >= 1 && id <= maxId ? id : null
}

/** The program id and recruiting token in a pasted id or link; null when none can be read. */
export function parseProgramReference(input: string): ProgramReference | null {
  const text = input.trim()
  if (!text) return null
  const bare = programId(text)
  if (bare !== null) return { programId: bare }
  const path = /affiliate_(?:programs|marketplace)\/(\d+)(?=$|[/?#])/.exec(text)
  const id = path ? programId(path[1]!) : null
  if (id === null) return null
  const query = /[?&]recruited_by=([^&]*)/.exec(text.split('#')[0]!)
  let token: string | undefined
  if (query) {
    try {
      token = decodeURIComponent(query[1]!.replace(/\+/g, ' ')).trim()
    } catch {
      token = undefined
    }
  }
  return token && tokenPattern.test(token) ? { programId: id, recruitedBy: token } : { programId: id }
}
