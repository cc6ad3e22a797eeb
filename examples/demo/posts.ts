export interface Post {
  id: number;
  title: string;
}

/** The posts shown on the home page. */
export function listPosts(posts: Post[]): Post[] {
  return posts;
}
