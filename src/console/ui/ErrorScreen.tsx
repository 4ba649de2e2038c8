const COPY = {
  404: { title: '页面不存在', message: '您访问的页面不存在或已被删除，请检查地址是否正确。' },
  401: { title: '没有权限', message: '您没有访问该页面的权限，请使用有权限的账号登录。' },
} as const;

/** /404 and /401 inside the island (the static Astro pages normally answer first): the same copy and buttons. */
export function ErrorScreen({ code }: { code: 404 | 401 }): React.JSX.Element {
  return (
    <main className="error-screen">
      <div className="error-code">{code}</div>
      <h1 className="error-title">{COPY[code].title}</h1>
      <p className="error-message">{COPY[code].message}</p>
      <nav className="error-actions">
        <a className="p-button p-component" href="/">
          <span className="p-button-label">返回首页</span>
        </a>
        <a className="p-button p-component p-button-outlined" href="/login">
          <span className="p-button-label">重新登录</span>
        </a>
      </nav>
    </main>
  );
}
