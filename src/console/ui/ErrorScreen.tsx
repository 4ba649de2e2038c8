/** Fallback for /404 and /401 when the island renders them (the Astro pages normally answer first). */
export function ErrorScreen({ code }: { code: 404 | 401 }): React.JSX.Element {
  return (
    <div className="error-screen">
      <div className="error-code">{code}</div>
      <p>{code === 404 ? '抱歉，您访问的页面不存在' : '抱歉，您没有权限访问该页面'}</p>
      <a href="/">返回首页</a>
    </div>
  );
}
