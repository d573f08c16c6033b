const fs=require("fs"); const {SourceMapConsumer}=require("/work/wt/firstscreen/node_modules/.pnpm/source-map-js@1.2.4/node_modules/source-map-js");
const file=process.argv[2]; const pat=new RegExp(process.argv[3]); const code=fs.readFileSync(file,"utf8"); const map=JSON.parse(fs.readFileSync(file+".map","utf8"));
const c=new SourceMapConsumer(map); const lines=code.split("\n"); const sizes={};
let prev=null;
c.eachMapping(m=>{ if(prev){ const n= prev.generatedLine===m.generatedLine? m.generatedColumn-prev.generatedColumn : lines[prev.generatedLine-1].length-prev.generatedColumn; const k=prev.source||"?"; sizes[k]=(sizes[k]||0)+n; } prev=m; });
console.log(Object.entries(sizes).filter(([k])=>pat.test(k)).sort((a,b)=>b[1]-a[1]).slice(0,40).map(([k,v])=>`${(v/1024).toFixed(2).padStart(7)} ${k.replace(/.*node_modules\//,"")}`).join("\n"));
